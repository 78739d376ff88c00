export { CartModule } from './cart.module';
export { CartReader } from './cart.reader';
export { CartHandOver } from './cart-hand-over';
export { RunCartCommand } from './run-cart-command';
export { LoadCartQuery } from './load-cart.query';
export type { CartLine, CartState } from './cart.decider';
export { totalCents } from './cart.decider';
export type { CartResponse } from './cart.responses';
export { cartHandOverSchema, cartResponseSchema } from './cart.responses';

export { CartModule } from './cart.module';
export { CartReader } from './cart.reader';
export { RunCartCommand } from './run-cart-command';
export { LoadCartQuery } from './load-cart.query';
export type { CartLine, CartState } from './cart.decider';
export type { RecoveryWithheldReason } from './cart.events';
export { totalCents } from './cart.decider';
export type { CartResponse } from './cart.responses';
export { cartResponseSchema } from './cart.responses';

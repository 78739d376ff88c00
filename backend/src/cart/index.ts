
export { CartModule } from './cart.module';
export { CartReader } from './cart.reader';
export { CartHandOver } from './cart-hand-over';
export { Carts, cartIdOf } from './carts';
export type { CartCommand, CartLine, CartState } from './cart.decider';
export type { CartAbandoned, RecoveryEmailRequested, RecoveryWithheldReason } from './cart.events';
export { totalCents } from './cart.decider';
export type { CartResponse } from './cart.responses';
export { cartHandOverSchema, cartResponseSchema } from './cart.responses';
export { sessionIdParam } from './cart.schemas';

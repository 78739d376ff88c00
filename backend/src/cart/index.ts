import { cartStream } from './cart.events';

export { CartModule } from './cart.module';
export { CartReader } from './cart.reader';
export { CartHandOver } from './cart-hand-over';
export { RunCartCommand } from './run-cart-command';
export { LoadCartQuery } from './load-cart.query';
export type { CartLine, CartState } from './cart.decider';
export type { CartAbandoned, RecoveryEmailRequested, RecoveryWithheldReason } from './cart.events';
/** The cart id a cart event's stream names: for the jobs of other modules that react to cart events. */
export const cartIdOf = (streamId: string): string => cartStream.idOf(streamId);
export { totalCents } from './cart.decider';
export type { CartResponse } from './cart.responses';
export { cartHandOverSchema, cartResponseSchema } from './cart.responses';
export { sessionIdParam } from './cart.schemas';

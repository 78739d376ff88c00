import type { DomainEvent } from '../platform/event-store/recorded-event';
import type { FulfillmentStep } from './order.events';

/** A Square order fulfillment's states (Square's names): it moves one step at a time, PROPOSED → RESERVED → PREPARED → COMPLETED, or ends CANCELED or FAILED. */
export type SquareFulfillmentState = 'PROPOSED' | 'RESERVED' | 'PREPARED' | 'COMPLETED' | 'CANCELED' | 'FAILED';

/**
 * The Square order's fulfillment was seen at `squareState`, at the Square order's `squareVersion`:
 * the shop moved it there to follow its own step, or the studio moved it in Square (then the
 * shop's step it stands for is recorded beside it, once).
 */
export type SquareFulfillmentSynced = DomainEvent<'SquareFulfillmentSynced', { squareState: SquareFulfillmentState; squareVersion: number }>;

/** Square refused for good (a 4xx) to move its fulfillment where the shop's `step` asks: the shop does not ask again for that step. */
export type SquareFulfillmentRefused = DomainEvent<'SquareFulfillmentRefused', { step: FulfillmentStep; code: string; message: string }>;

export type SquareFulfillmentEvent = SquareFulfillmentSynced | SquareFulfillmentRefused;

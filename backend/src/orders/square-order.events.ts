import type { DomainEvent } from '../platform/event-store/recorded-event';

/**
 * The checkout's Square order (the studio's books) was made, priced by Square to the checkout's own
 * total, before the card is charged: the payment pays this order. One per checkout.
 */
export type SquareOrderOpened = DomainEvent<'SquareOrderOpened', { squareOrderId: string; totalCents: number }>;

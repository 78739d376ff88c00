import type { DomainEvent } from '../platform/event-store/recorded-event';

/** A line that was to name its Square variation but went as an ad hoc line: Square no longer had the variation (deleted between cart and pay). */
export interface AdHocLine {
  /** The line's index in the order's `lines`. */
  line: number;
  variationId: string;
}

/**
 * The checkout's Square order (the studio's books) was made, priced by Square to the checkout's own
 * total, before the card is charged: the payment pays this order. One per checkout.
 * `lineVariations`: each line's Square variation as booked, by index (null: an ad hoc line);
 * `adHocLines`: the lines booked ad hoc because Square no longer had their variation (both absent
 * on orders booked before they were recorded).
 */
export type SquareOrderOpened = DomainEvent<'SquareOrderOpened', { squareOrderId: string; totalCents: number; lineVariations?: (string | null)[]; adHocLines?: AdHocLine[] }>;

/** The paid order's number is on its Square order (`reference_id`): until then the Square order carried the checkout's id. */
export type SquareOrderNumbered = DomainEvent<'SquareOrderNumbered', { squareOrderId: string; referenceId: string }>;

/** What the order stream knows of its Square order. */
export interface SquareOrderRecord {
  id: string;
  totalCents: number;
  lineVariations?: (string | null)[];
  adHocLines?: AdHocLine[];
  /** The `reference_id` the shop set once the order was paid (its number). */
  numberedAs?: string;
}

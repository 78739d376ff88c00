import type { DomainEvent } from '../platform/event-store/recorded-event';
import { streamKind, stringId } from '../platform/event-store/stream';

export type DiscountType = 'percentage' | 'fixed' | 'free-shipping';

/** What a discount gives and on what terms. Money is integer cents; times are ISO instants. */
export interface DiscountTerms {
  type: DiscountType;
  /** A whole percent (1-100) for `percentage`, cents for `fixed`, 0 for `free-shipping`. */
  value: number;
  /** The items it applies to must come to this much (0: no minimum). */
  minimumSubtotalCents: number;
  startsAt: string | null;
  endsAt: string | null;
  /** Uses in all, reserved checkouts counted (null: no limit). */
  usageLimit: number | null;
  /** One order per email address and per card. */
  oncePerCustomer: boolean;
  /** Products and categories it applies to; both empty: every item. */
  productIds: number[];
  categories: string[];
  /** Whether it also applies to items already on an automatic sale (the checkout takes one code). */
  combines: boolean;
  /** An automatic sale: no code to type, its price shown on the shelf ("was $40, now $32"). */
  automatic: boolean;
  /** The studio's note on it ('' for none). */
  description: string;
}

/** The studio made a code (or an automatic sale, named by its code); a code made again after it was deleted starts afresh. */
export type DiscountCreated = DomainEvent<'DiscountCreated', { code: string } & DiscountTerms>;
/** The studio changed some of its terms (only the fields that changed). */
export type DiscountChanged = DomainEvent<'DiscountChanged', { changes: Partial<DiscountTerms> }>;
/** The studio deleted it: no checkout can use it any more. */
export type DiscountDeleted = DomainEvent<'DiscountDeleted', Record<string, never>>;
/** A checkout holds one use of it, from the moment its order opened until it is paid (redeemed) or fails (released). */
export type DiscountReserved = DomainEvent<'DiscountReserved', { orderId: string; email: string }>;
/** The card of a checkout that holds a use, once Square named it: a once-per-customer code is refused to a card that used it. */
export type DiscountCardClaimed = DomainEvent<'DiscountCardClaimed', { orderId: string; cardFingerprint: string }>;
/** The checkout failed: its use is free again. */
export type DiscountReleased = DomainEvent<'DiscountReleased', { orderId: string }>;
/** The checkout was paid with it: one use, for the admin's counts. */
export type DiscountRedeemed = DomainEvent<'DiscountRedeemed', { orderId: string; email: string; cardFingerprint: string | null; totalCents: number; discountCents: number }>;

export type DiscountEvent = DiscountCreated | DiscountChanged | DiscountDeleted | DiscountReserved | DiscountCardClaimed | DiscountReleased | DiscountRedeemed;

export const DISCOUNT_STREAM_TYPE = 'Discount';
/** One stream per code, named by the code in upper case (`discount-HALLOWEEN20`). */
export const discountStream = streamKind(DISCOUNT_STREAM_TYPE, 'discount-', stringId);

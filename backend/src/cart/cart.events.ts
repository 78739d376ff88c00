import type { DomainEvent } from '../platform/event-store/recorded-event';
import { streamKind, stringId } from '../platform/event-store/stream';

export type CartCreated = DomainEvent<'CartCreated', { cartId: string; sessionId: string }>;
/** `variantId`/`variantName`: the variant bought (absent on lines from before variants: the product's only one). */
export type ItemAdded = DomainEvent<
  'ItemAdded',
  { itemId: string; productId: number; variantId?: string; variantName?: string; name: string; imageUrl: string; unitPriceCents: number; quantity: number }
>;
export type ItemQuantityChanged = DomainEvent<'ItemQuantityChanged', { itemId: string; quantity: number }>;
export type ItemRemoved = DomainEvent<'ItemRemoved', { itemId: string }>;
/**
 * `atCheckout`: given in a checkout attempt (the cart page's contact step, a payment); only such an
 * address gets recovery emails. Events from before it was recorded lack it, and count as not.
 */
export type ContactDetailsGiven = DomainEvent<'ContactDetailsGiven', { name: string; email: string; atCheckout?: boolean }>;
export type CartCleared = DomainEvent<'CartCleared', Record<string, never>>;

/**
 * Another cart's lines were merged into this one (a hand-over followed in a browser whose cart held
 * items): per line of the other cart, the quantity it held then and how many of it were added here
 * (fewer when the stock ran short; none when sold out). The additions themselves are `ItemAdded`
 * and `ItemQuantityChanged` events before it; this one keeps the same lines from being merged twice.
 */
export type LinesMerged = DomainEvent<'LinesMerged', { fromCartId: string; lines: MergedLine[] }>;
/** `note`: why fewer were added than the other cart gained: the piece is sold out, or the stock (or the line limit) ran short. */
export interface MergedLine {
  fromItemId: string;
  productId: number;
  quantity: number;
  added: number;
  note?: 'soldout' | 'lowered';
}

/** The catalogue price changed since the line was added; the shopper sees the new price before paying. */
export type ItemRepriced = DomainEvent<'ItemRepriced', { itemId: string; unitPriceCents: number }>;
/** Payment began for exactly these lines: the cart is locked until it ends. */
export type CheckoutStarted = DomainEvent<'CheckoutStarted', { orderId: string }>;
/** The payment failed or was given up: the cart can change again. */
export type CheckoutFailed = DomainEvent<'CheckoutFailed', { orderId: string }>;
/** The order was paid: its lines leave the cart. */
export type CartCheckedOut = DomainEvent<'CartCheckedOut', { orderId: string }>;

/** The shopper left the cart with items and an email: the worker found it idle, or the studio marked it. Starts the email sequence. */
export type CartAbandoned = DomainEvent<'CartAbandoned', Record<string, never>>;
/**
 * A recovery email is due: the sequence's step came round, or the studio asked (counted as the
 * next step). The worker sends it and records `RecoveryEmailSent`. Events from before the
 * sequence have no step: they were the next one.
 */
export type RecoveryEmailRequested = DomainEvent<'RecoveryEmailRequested', { requestId: string; step?: number }>;
export type RecoveryEmailSent = DomainEvent<'RecoveryEmailSent', { requestId: string; step?: number; messageId: string; to: string }>;
/** Why the worker held a requested recovery email back: the address's own limits, across all carts. */
export type RecoveryWithheldReason = 'opted-out' | 'too-soon' | 'another-cart';
/** The requested email was not sent: the address opted out, had a recovery email lately, or another cart's sequence writes to it. */
export type RecoveryEmailWithheld = DomainEvent<'RecoveryEmailWithheld', { requestId: string; step: number; reason: RecoveryWithheldReason }>;
/** The shopper came back through a recovery email's restore link: the sequence stops. */
export type CartRecovered = DomainEvent<'CartRecovered', Record<string, never>>;

export type CartEvent =
  | CartCreated
  | ItemAdded
  | ItemQuantityChanged
  | ItemRemoved
  | ContactDetailsGiven
  | CartCleared
  | LinesMerged
  | ItemRepriced
  | CheckoutStarted
  | CheckoutFailed
  | CartCheckedOut
  | CartAbandoned
  | RecoveryEmailRequested
  | RecoveryEmailSent
  | RecoveryEmailWithheld
  | CartRecovered;

export const CART_STREAM_TYPE = 'Cart';
export const cartStream = streamKind(CART_STREAM_TYPE, 'cart-', stringId);

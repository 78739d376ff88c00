import type { DomainEvent } from '../platform/event-store/recorded-event';
import { streamKind, stringId } from '../platform/event-store/stream';
import type { SquareFulfillmentEvent } from './square-fulfillment.events';
import type { SquareOrderNumbered, SquareOrderOpened } from './square-order.events';

export type FulfillmentMethod = 'pickup' | 'shipping';

export interface ShippingAddress {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

export interface OrderLine {
  productId: number;
  /** The variant bought and its name ('' for a product without options); absent on orders from before variants, which bought a product's only one. */
  variantId?: string;
  variantName?: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

/** What the shopper agreed to pay for, priced by the server when the checkout opened. */
export interface OrderTerms {
  orderId: string;
  /**
   * The shopper's order number is given when the payment is captured (`PaymentCaptured`), so a
   * declined attempt takes none; only orders opened before that was so carry it here.
   */
  orderNumber?: string;
  cartId: string;
  customer: { name: string; email: string };
  fulfillment: FulfillmentMethod;
  shippingAddress: ShippingAddress | null;
  lines: OrderLine[];
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  /** The code that gave `discountCents` (absent on orders without one). */
  discountCode?: string;
  /** The code may be used again with this email (not once per customer): it takes no `discount_redemptions` row. */
  discountReusable?: true;
  /** The shopper's "Order note" from the cart page (absent when they left none). */
  note?: string;
}

/** The terms of a paid order, with the number it was given: what its emails show. */
export type PaidOrderTerms = OrderTerms & { orderNumber: string };

/**
 * The card token and the idempotency key travel with the order so a retry charges the same request.
 * `clientAddress`: the address it came from as the rate limits count it, whose unfinished checkouts'
 * units are bounded (absent on orders from before the bound).
 */
export type CheckoutOpened = DomainEvent<'CheckoutOpened', OrderTerms & { sourceId: string; idempotencyKey: string; clientAddress?: string }>;
/** The charge is about to be sent: from here on only Square can say whether money moved. */
export type ChargeRequested = DomainEvent<'ChargeRequested', { requestedAt?: string }>;
export type PaymentCaptured = DomainEvent<
  'PaymentCaptured',
  /**
   * `cardFingerprint`: Square's one mark of the card across tokens (absent on payments recorded before it was kept).
   * `squarePaidAt`: when Square took it (its clock), on a payment of a Square order: Square's counts from then on show the units sold.
   * `orderNumber`: the number the order is given now that it is paid (absent on payments recorded before numbers waited for the payment: those orders have theirs on `CheckoutOpened`).
   */
  { paymentId: string; amountCents: number; cardBrand: string | null; last4: string | null; cardFingerprint?: string | null; orderNumber?: string; squarePaidAt?: string }
>;
export type PaymentFailed = DomainEvent<'PaymentFailed', { code: string; message: string }>;
/** Paid, stock sold, cart emptied: the studio has an order to fulfil. */
export type OrderPlaced = DomainEvent<'OrderPlaced', { orderNumber: string }>;
/** A failed checkout gave its stock and its cart back. */
export type CheckoutClosed = DomainEvent<'CheckoutClosed', Record<string, never>>;
export type OrderConfirmationSent = DomainEvent<'OrderConfirmationSent', { messageId: string }>;
/** How a placed order reached its shopper: collected at the studio, or handed to the carrier. */
export type Fulfillment = 'picked-up' | 'shipped';
/** Recorded before fulfilment had steps: kept so older streams replay; new orders record the steps below. */
export type OrderFulfilled = DomainEvent<'OrderFulfilled', { as: Fulfillment; trackingNumber: string | null }>;

/** The steps of fulfilment the studio records: pickup orders are made ready, then picked up; shipping orders are shipped. */
export type FulfillmentStep = 'ready-for-pickup' | 'shipped' | 'picked-up';
/** The order waits at the studio; `note` is the studio's pickup note (when, where) for the shopper. */
export type OrderReadyForPickup = DomainEvent<'OrderReadyForPickup', { note: string | null }>;
/** Handed to the carrier: `trackingUrl` is the carrier's tracking page when the carrier is one the shop knows. */
export type OrderShipped = DomainEvent<'OrderShipped', { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null; note: string | null }>;
export type OrderPickedUp = DomainEvent<'OrderPickedUp', { note: string | null }>;
/** The shopper was emailed about one step, once. */
export type FulfillmentEmailSent = DomainEvent<'FulfilmentEmailSent', { step: FulfillmentStep; messageId: string }>;

/**
 * One line of a refund: `itemId` is the line's index in the order's `lines` (orders have no item
 * ids of their own), `quantity` how many of its units, `restock` whether they go back on sale.
 */
export interface RefundLine {
  itemId: number;
  productId: number;
  /** The line's variant, whose shelf a restock goes back to (absent on refunds of orders from before variants). */
  variantId?: string;
  quantity: number;
  restock: boolean;
}

/** What the studio asked Square to give back (integer cents), and which lines it meant: Square refunds amounts, not items. */
export interface RefundTerms {
  refundId: string;
  amountCents: number;
  lines: RefundLine[];
  reason: string;
}

/** A refund is about to be sent to Square with `refundId` as its idempotency key; recorded first, so a crash before its answer is finished by the reconciliation job. */
export type RefundRequested = DomainEvent<'RefundRequested', RefundTerms & { requestedAt: string }>;
/**
 * Square took the refund and is still working on it (its status `PENDING`): the amount stays spoken
 * for, but nothing is restocked or emailed until Square says it `COMPLETED` (a `refund.updated`
 * webhook, or the worker asking `GetPaymentRefund`).
 */
export type RefundPending = DomainEvent<'RefundPending', { refundId: string; squareRefundId: string }>;
/** Square completed the refund: the money is on its way back to the card. */
export type OrderRefunded = DomainEvent<'OrderRefunded', RefundTerms & { squareRefundId: string }>;
/**
 * Nothing went back: Square refused the refund (a 4xx verdict), or the refund it took ended `FAILED`
 * or `REJECTED`. The amount can be asked for again. Never recorded for a refund whose outcome is
 * unknown (a 5xx, a 429, no answer): that one stays pending and is asked again with its key.
 */
export type RefundFailed = DomainEvent<'RefundFailed', { refundId: string; code: string; message: string }>;
export type RefundEmailSent = DomainEvent<'RefundEmailSent', { refundId: string; messageId: string }>;

/** The studio's own note on the order: `by` the admin's email, `at` when it was written. */
export type StaffNoteAdded = DomainEvent<'StaffNoteAdded', { text: string; by: string; at: string }>;

export type OrderEvent =
  | CheckoutOpened
  | ChargeRequested
  | PaymentCaptured
  | PaymentFailed
  | OrderPlaced
  | CheckoutClosed
  | OrderConfirmationSent
  | OrderFulfilled
  | OrderReadyForPickup
  | OrderShipped
  | OrderPickedUp
  | FulfillmentEmailSent
  | RefundRequested
  | RefundPending
  | OrderRefunded
  | RefundFailed
  | RefundEmailSent
  | StaffNoteAdded
  | SquareOrderOpened
  | SquareOrderNumbered
  | SquareFulfillmentEvent;

export const ORDER_STREAM_TYPE = 'Order';
export const orderStream = streamKind(ORDER_STREAM_TYPE, 'order-', stringId);

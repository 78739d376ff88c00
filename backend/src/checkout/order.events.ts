import type { DomainEvent } from '../platform/event-store/recorded-event';

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
  name: string;
  quantity: number;
  unitPriceCents: number;
}

/** What the shopper agreed to pay for, priced by the server when the checkout opened. */
export interface OrderTerms {
  orderId: string;
  orderNumber: string;
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
}

/** The card token and the idempotency key travel with the order so a retry charges the same request. */
export type CheckoutOpened = DomainEvent<'CheckoutOpened', OrderTerms & { sourceId: string; idempotencyKey: string }>;
/** The charge is about to be sent: from here on only Square can say whether money moved. */
export type ChargeRequested = DomainEvent<'ChargeRequested', { requestedAt?: string }>;
export type PaymentCaptured = DomainEvent<
  'PaymentCaptured',
  /** `cardFingerprint`: Square's one mark of the card across tokens (absent on payments recorded before it was kept). */
  { paymentId: string; amountCents: number; cardBrand: string | null; last4: string | null; cardFingerprint?: string | null }
>;
export type PaymentFailed = DomainEvent<'PaymentFailed', { code: string; message: string }>;
/** Paid, stock sold, cart emptied: the studio has an order to fulfil. */
export type OrderPlaced = DomainEvent<'OrderPlaced', { orderNumber: string }>;
/** A failed checkout gave its stock and its cart back. */
export type CheckoutClosed = DomainEvent<'CheckoutClosed', Record<string, never>>;
export type OrderConfirmationSent = DomainEvent<'OrderConfirmationSent', { messageId: string }>;
/** How a placed order reached its shopper: collected at the studio, or handed to the carrier. */
export type Fulfilment = 'picked-up' | 'shipped';
export type OrderFulfilled = DomainEvent<'OrderFulfilled', { as: Fulfilment; trackingNumber: string | null }>;

export type OrderEvent =
  | CheckoutOpened
  | ChargeRequested
  | PaymentCaptured
  | PaymentFailed
  | OrderPlaced
  | CheckoutClosed
  | OrderConfirmationSent
  | OrderFulfilled;

export const ORDER_STREAM_TYPE = 'Order';
export const orderStream = (orderId: string) => ({ id: `order-${orderId}`, type: ORDER_STREAM_TYPE });

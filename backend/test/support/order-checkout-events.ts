import type { CheckoutOpened, OrderEvent } from '../../src/orders/order.events';

/** One pickup order's checkout, event by event, as the order deciders' specs give it. */
export const terms: CheckoutOpened['data'] = {
  orderId: 'o1',
  cartId: 'c1',
  customer: { name: 'Ana', email: 'ana@example.com' },
  fulfillment: 'pickup',
  shippingAddress: null,
  lines: [{ productId: 1, name: 'Raven Hoodie', quantity: 1, unitPriceCents: 6800 }],
  subtotalCents: 6800,
  shippingCents: 0,
  discountCents: 0,
  totalCents: 6800,
  sourceId: 'cnon:card-nonce-ok',
  idempotencyKey: 'dc-c1-3',
};
export const opened: OrderEvent = { type: 'CheckoutOpened', data: terms };
export const chargeAt = '2026-11-24T12:00:00.000Z';
export const charging: OrderEvent = { type: 'ChargeRequested', data: { requestedAt: chargeAt } };
export const payment = { paymentId: 'p1', amountCents: 6800, cardBrand: 'VISA', last4: '1111', orderNumber: 'DC-1001' };
export const captured: OrderEvent = { type: 'PaymentCaptured', data: payment };
export const declined: OrderEvent = { type: 'PaymentFailed', data: { code: 'GENERIC_DECLINE', message: 'Your card was declined.' } };
export const placed: OrderEvent = { type: 'OrderPlaced', data: { orderNumber: 'DC-1001' } };

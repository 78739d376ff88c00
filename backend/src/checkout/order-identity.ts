import { createHash } from 'node:crypto';

/**
 * A checkout is named by the cart, the cart version it priced and the attempt at that version. Two
 * requests for the same cart state (a double click, a browser retry) get the same order and the same
 * Square idempotency key, so they charge once. Any change to the cart moves the version; a closed
 * order is never reused: the next attempt at the same version takes the next attempt number.
 *
 * The key doubles as the payment's `reference_id`, which is how a charge whose answer was lost is
 * found again in Square's payment list, so it fits that field's 40 characters.
 */
export function checkoutIdentity(cartId: string, cartVersion: number, attempt = 0): { orderId: string; idempotencyKey: string } {
  const hex = createHash('sha256').update(`${cartId}:${cartVersion}:${attempt}`).digest('hex');
  // A UUID (version 8: vendor-defined) so the order id fits the same columns as every other id.
  const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return { orderId, idempotencyKey: `dc-${hex.slice(32, 64)}` };
}

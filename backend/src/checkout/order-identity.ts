import { createHash } from 'node:crypto';

/**
 * A checkout is named by the cart and the cart version it priced. Two requests for the same cart
 * state (a double click, a browser retry) get the same order and the same Square idempotency key,
 * so they charge once; any change to the cart, or a failed attempt, moves the version and opens a
 * fresh checkout.
 */
export function checkoutIdentity(cartId: string, cartVersion: number): { orderId: string; idempotencyKey: string } {
  const hex = createHash('sha256').update(`${cartId}:${cartVersion}`).digest('hex');
  // A UUID (version 8: vendor-defined) so the order id fits the same columns as every other id.
  const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  // Square allows 45 characters: 'dc-' + the cart id's 32 hex digits + '-' + the version.
  return { orderId, idempotencyKey: `dc-${cartId.replace(/-/g, '')}-${cartVersion}` };
}

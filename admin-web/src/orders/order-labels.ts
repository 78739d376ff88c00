import type { AdminOrder, SquareFulfillment } from '@dark-circle/api-client';

export type FulfilmentStatus = AdminOrder['fulfilment'];
export type FulfilmentStep = Exclude<FulfilmentStatus, 'unfulfilled'>;

export const ORDERS = '/api/admin/orders';

/** The list's status filter: where fulfilment stands, or refunded. */
export const STATUS_FILTERS = [
  { value: '', label: 'All' },
  { value: 'unfulfilled', label: 'Unfulfilled' },
  { value: 'ready-for-pickup', label: 'Ready for pickup' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'picked-up', label: 'Picked up' },
  { value: 'refunded', label: 'Refunded' },
] as const;
export type StatusFilter = Exclude<(typeof STATUS_FILTERS)[number]['value'], ''>;

export const fulfilmentLabel: Record<FulfilmentStatus, string> = {
  unfulfilled: 'Unfulfilled',
  'ready-for-pickup': 'Ready for pickup',
  shipped: 'Shipped',
  'picked-up': 'Picked up',
};

/** The button that takes each step. */
export const stepAction: Record<FulfilmentStep, string> = {
  'ready-for-pickup': 'Mark ready for pickup',
  shipped: 'Mark shipped',
  'picked-up': 'Mark picked up',
};

export const refundLabel = (order: Pick<AdminOrder, 'refundStatus'>) =>
  order.refundStatus === 'refunded' ? 'Refunded' : order.refundStatus === 'partly-refunded' ? 'Partly refunded' : null;

export const formatWhen = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const addressLine = (a: NonNullable<AdminOrder['shippingAddress']>) => `${a.address}, ${a.city}, ${a.state} ${a.zipCode}, ${a.country}`;

/** An order or cart line's product and variant ("Raven Hoodie — M"); just the product's name for a one-variant product. */
export const lineName = (item: { name: string; variantName: string }) => (item.variantName ? `${item.name} — ${item.variantName}` : item.name);

/** Square's fulfillment states, in the words of Square's Order Manager. */
const SQUARE_STATE_WORDS: Record<SquareFulfillment['state'], string> = {
  PROPOSED: 'New',
  RESERVED: 'In progress',
  PREPARED: 'Ready',
  COMPLETED: 'Completed',
  CANCELED: 'Canceled',
  FAILED: 'Failed',
};

/** Where the Square order's fulfillment stands, and whether it follows the order's step ("Waiting for Square" while the worker keeps asking). */
export function squareFulfilmentLabel(f: SquareFulfillment): { text: string; tone: '' | 'badge-ok' | 'badge-out' } {
  switch (f.sync) {
    case 'waiting':
      return { text: 'Waiting for Square', tone: '' };
    case 'refused':
      return { text: `Square refused: ${f.refusal?.message ?? 'no reason given'}`, tone: 'badge-out' };
    case 'ended':
      return { text: `${SQUARE_STATE_WORDS[f.state]} in Square`, tone: 'badge-out' };
    case 'in-step':
      return { text: SQUARE_STATE_WORDS[f.state], tone: 'badge-ok' };
  }
}

import { insertRow, json, toColumns, write } from '../platform/projections/sql-write';
import { streamProjection } from '../platform/projections/stream-projection';
import { discountStream, type DiscountEvent, type DiscountTerms } from './discount.events';

const COLUMNS: Record<keyof DiscountTerms, string> = {
  type: 'type',
  value: 'value',
  minimumSubtotalCents: 'minimum_subtotal_cents',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  usageLimit: 'usage_limit',
  oncePerCustomer: 'once_per_customer',
  productIds: 'product_ids',
  categories: 'categories',
  combines: 'combines',
  automatic: 'automatic',
  description: 'description',
};

/** The lists are jsonb columns. */
const columnsOf = (terms: Partial<DiscountTerms>) => {
  const columns = toColumns(terms, COLUMNS);
  for (const list of ['product_ids', 'categories']) if (columns[list] !== undefined) columns[list] = json(columns[list]);
  return columns;
};

/** The admin's list of codes and each one's uses; a deleted code's rows go. */
export const discountProjection = streamProjection<DiscountEvent>({ name: 'discounts', tables: ['discount_codes', 'discount_uses'], stream: discountStream }, (event, code, stamp) => {
  const touch = write('update discount_codes set version = ?, updated_at = ? where code = ?', stamp.version, stamp.updated_at, code);
  switch (event.type) {
    case 'DiscountCreated': {
      const { code: _code, ...terms } = event.data;
      // Made again after a delete: it starts afresh.
      return [write('delete from discount_uses where code = ?', code), insertRow('discount_codes', { code, ...columnsOf(terms), created_at: event.recordedAt, ...stamp })];
    }
    case 'DiscountChanged': {
      const set = Object.entries(columnsOf(event.data.changes));
      return [
        write(
          `update discount_codes set ${set.map(([c]) => `${c} = ?`).join(', ')}, version = ?, updated_at = ? where code = ?`,
          ...set.map(([, v]) => v),
          stamp.version,
          stamp.updated_at,
          code,
        ),
      ];
    }
    case 'DiscountDeleted':
      return [write('delete from discount_uses where code = ?', code), write('delete from discount_codes where code = ?', code)];
    case 'DiscountReserved':
      return [insertRow('discount_uses', { code, order_id: event.data.orderId, email: event.data.email, status: 'reserved', at: event.recordedAt }), touch];
    case 'DiscountCardClaimed':
      return [write('update discount_uses set card_fingerprint = ? where code = ? and order_id = ?', event.data.cardFingerprint, code, event.data.orderId), touch];
    case 'DiscountReleased':
      return [write('delete from discount_uses where code = ? and order_id = ?', code, event.data.orderId), touch];
    case 'DiscountRedeemed': {
      const d = event.data;
      return [
        write(
          `insert into discount_uses (code, order_id, email, card_fingerprint, status, total_cents, discount_cents, at) values (?, ?, ?, ?, 'redeemed', ?, ?, ?)
           on conflict (code, order_id) do update set email = excluded.email, card_fingerprint = excluded.card_fingerprint, status = 'redeemed',
             total_cents = excluded.total_cents, discount_cents = excluded.discount_cents, at = excluded.at`,
          code,
          d.orderId,
          d.email,
          d.cardFingerprint,
          d.totalCents,
          d.discountCents,
          event.recordedAt,
        ),
        touch,
      ];
    }
    default:
      return [];
  }
});

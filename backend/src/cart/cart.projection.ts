import { onlyVariantOf } from '../catalog';
import { insertRow, SqlWrite, updateById, write } from '../platform/projections/sql-write';
import { streamProjection, type RowStamp } from '../platform/projections/stream-projection';
import { cartStream, type CartEvent } from './cart.events';

export const cartProjection = streamProjection<CartEvent>({ name: 'carts', tables: ['cart_items', 'carts'], stream: cartStream }, (event, cartId, stamp) => {
  switch (event.type) {
    case 'CartCreated':
      return [insertRow('carts', { id: cartId, session_id: event.data.sessionId, total_cents: 0, email_sent: false, recovery_email_count: 0, created_at: event.recordedAt, ...stamp })];
    case 'ItemAdded': {
      const { itemId, productId, variantId = onlyVariantOf(productId), variantName = '', name, imageUrl, unitPriceCents, quantity } = event.data;
      return changeLines(cartId, stamp, {
        sql: 'insert into cart_items (id, cart_id, product_id, variant_id, variant_name, name, image_url, unit_price_cents, quantity, added_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        params: [itemId, cartId, productId, variantId, variantName, name, imageUrl, unitPriceCents, quantity, event.recordedAt],
        total: { sql: 'select ?::integer', params: [unitPriceCents * quantity] },
      });
    }
    case 'ItemQuantityChanged':
      return setLineColumn(cartId, stamp, event.data.itemId, 'quantity', event.data.quantity);
    case 'ItemRemoved':
      return changeLines(cartId, stamp, { sql: 'delete from cart_items where id = ?', params: [event.data.itemId], replaces: event.data.itemId });
    case 'ItemRepriced':
      return setLineColumn(cartId, stamp, event.data.itemId, 'unit_price_cents', event.data.unitPriceCents);
    case 'CartCleared':
      return changeLines(cartId, stamp, { sql: 'delete from cart_items where cart_id = ?', params: [cartId], emptied: true });
    case 'CartCheckedOut':
      return [
        write('delete from cart_items where cart_id = ?', cartId),
        write('update carts set total_cents = 0, checkout_order_id = null, version = ?, updated_at = ? where id = ?', stamp.version, stamp.updated_at, cartId),
      ];
    case 'CheckoutStarted':
      return [updateById('carts', cartId, { checkout_order_id: event.data.orderId, ...stamp })];
    case 'CheckoutFailed':
      return [updateById('carts', cartId, { checkout_order_id: null, ...stamp })];
    // The lines it merged were written by the events before it: this one only moves the version.
    case 'LinesMerged':
      return [updateById('carts', cartId, { version: event.version })];
    // The studio's actions are not the shopper's activity: they move the version, not updated_at.
    case 'CartAbandoned':
      return [updateById('carts', cartId, { abandoned_at: event.recordedAt, version: event.version })];
    case 'RecoveryEmailRequested':
    case 'CartRecovered':
      return [updateById('carts', cartId, { version: event.version })];
    case 'RecoveryEmailSent':
      return [write('update carts set email_sent = true, recovery_email_count = recovery_email_count + 1, version = ? where id = ?', event.version, cartId)];
    case 'ContactDetailsGiven':
      return [updateById('carts', cartId, { customer_name: event.data.name, customer_email: event.data.email, ...stamp })];
    default:
      return [];
  }
});

/**
 * A change to the lines and the cart's stored total in one statement. The sub-selects see the
 * lines as they were before the change (one snapshot per statement), so the total loses the
 * replaced line's old amount and gains the changed line's new one. Adjusted rather than summed
 * again: a sum over the cart's lines measured a quarter of a projection rebuild's time.
 */
function changeLines(
  cartId: string,
  stamp: RowStamp,
  change: { sql: string; params: unknown[]; total?: { sql: string; params: unknown[] }; replaces?: string; emptied?: boolean },
): SqlWrite[] {
  const others = change.emptied
    ? { sql: '0', params: [] }
    : change.replaces
      ? { sql: 'total_cents - coalesce((select unit_price_cents * quantity from cart_items where id = ?), 0)', params: [change.replaces] }
      : { sql: 'total_cents', params: [] };
  const added = change.total ? { sql: `coalesce((${change.total.sql}), 0)`, params: change.total.params } : { sql: '0', params: [] };
  return [
    {
      sql: `with changed as (${change.sql}) update carts set total_cents = (${others.sql}) + ${added.sql}, version = ?, updated_at = ? where id = ?`,
      params: [...change.params, ...others.params, ...added.params, stamp.version, stamp.updated_at, cartId],
    },
  ];
}

/** A line's quantity or unit price set anew: its amount is then the new value times the other one. */
function setLineColumn(cartId: string, stamp: RowStamp, itemId: string, column: 'quantity' | 'unit_price_cents', value: number): SqlWrite[] {
  const other = column === 'quantity' ? 'unit_price_cents' : 'quantity';
  return changeLines(cartId, stamp, {
    sql: `update cart_items set ${column} = ? where id = ?`,
    params: [value, itemId],
    total: { sql: `select ${other} * ? from cart_items where id = ?`, params: [value, itemId] },
    replaces: itemId,
  });
}

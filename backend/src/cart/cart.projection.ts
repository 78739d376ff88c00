import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import type { Projection } from '../platform/projections/projection';
import { CART_STREAM_TYPE, CartEvent } from './cart.events';
import { CartItemView, CartView } from './cart.views';

@Injectable()
export class CartProjection implements Projection {
  readonly name = 'carts';
  readonly tables = ['cart_items', 'carts'];

  async apply(em: EntityManager, recorded: RecordedEvent): Promise<void> {
    if (recorded.streamType !== CART_STREAM_TYPE) return;
    const event = recorded as RecordedEvent<CartEvent>;
    const cartId = event.streamId.slice('cart-'.length);
    const stamp = { version: event.version, updatedAt: event.recordedAt };
    switch (event.type) {
      case 'CartCreated':
        await em.insert(CartView, { id: cartId, sessionId: event.data.sessionId, totalCents: 0, emailSent: false, recoveryEmailCount: 0, createdAt: event.recordedAt, ...stamp });
        return;
      case 'ItemAdded': {
        const { itemId, productId, name, imageUrl, unitPriceCents, quantity } = event.data;
        return this.changeLines(em, cartId, stamp, {
          sql: 'insert into cart_items (id, cart_id, product_id, name, image_url, unit_price_cents, quantity, added_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
          params: [itemId, cartId, productId, name, imageUrl, unitPriceCents, quantity, event.recordedAt],
          total: { sql: 'select ?::integer', params: [unitPriceCents * quantity] },
        });
      }
      case 'ItemQuantityChanged':
        return this.changeLines(em, cartId, stamp, {
          sql: 'update cart_items set quantity = ? where id = ?',
          params: [event.data.quantity, event.data.itemId],
          total: { sql: 'select unit_price_cents * ? from cart_items where id = ?', params: [event.data.quantity, event.data.itemId] },
          replaces: event.data.itemId,
        });
      case 'ItemRemoved':
        return this.changeLines(em, cartId, stamp, { sql: 'delete from cart_items where id = ?', params: [event.data.itemId], replaces: event.data.itemId });
      case 'ItemRepriced':
        return this.changeLines(em, cartId, stamp, {
          sql: 'update cart_items set unit_price_cents = ? where id = ?',
          params: [event.data.unitPriceCents, event.data.itemId],
          total: { sql: 'select ? * quantity from cart_items where id = ?', params: [event.data.unitPriceCents, event.data.itemId] },
          replaces: event.data.itemId,
        });
      case 'CartCleared':
        return this.changeLines(em, cartId, stamp, { sql: 'delete from cart_items where cart_id = ?', params: [cartId], emptied: true });
      case 'CartCheckedOut':
        await em.nativeDelete(CartItemView, { cartId });
        await em.execute('update carts set total_cents = 0, checkout_order_id = null, version = ?, updated_at = ? where id = ?', [stamp.version, stamp.updatedAt, cartId]);
        return;
      case 'CheckoutStarted':
        await em.nativeUpdate(CartView, { id: cartId }, { checkoutOrderId: event.data.orderId, ...stamp });
        return;
      case 'CheckoutFailed':
        await em.nativeUpdate(CartView, { id: cartId }, { checkoutOrderId: null, ...stamp });
        return;
      // The studio's actions are not the shopper's activity: they move the version, not updated_at.
      case 'CartAbandoned':
        await em.nativeUpdate(CartView, { id: cartId }, { abandonedAt: event.recordedAt, version: event.version });
        return;
      case 'RecoveryEmailRequested':
        await em.nativeUpdate(CartView, { id: cartId }, { version: event.version });
        return;
      case 'RecoveryEmailSent':
        await em.execute('update carts set email_sent = true, recovery_email_count = recovery_email_count + 1, version = ? where id = ?', [event.version, cartId]);
        return;
      case 'ContactDetailsGiven':
        await em.nativeUpdate(CartView, { id: cartId }, { customerName: event.data.name, customerEmail: event.data.email, ...stamp });
        return;
    }
  }

  /**
   * A change to the lines and the cart's stored total in one statement. The total's sub-select
   * sees the lines as they were before the change (one snapshot per statement), so it sums the
   * untouched lines and adds the changed line's new amount.
   */
  private async changeLines(
    em: EntityManager,
    cartId: string,
    stamp: { version: number; updatedAt: Date },
    change: { sql: string; params: unknown[]; total?: { sql: string; params: unknown[] }; replaces?: string; emptied?: boolean },
  ): Promise<void> {
    const others = change.emptied
      ? { sql: '0', params: [] }
      : { sql: 'select coalesce(sum(unit_price_cents * quantity), 0) from cart_items where cart_id = ? and id is distinct from ?', params: [cartId, change.replaces ?? null] };
    const added = change.total ? { sql: `coalesce((${change.total.sql}), 0)`, params: change.total.params } : { sql: '0', params: [] };
    await em.execute(
      `with changed as (${change.sql}) update carts set total_cents = (${others.sql}) + ${added.sql}, version = ?, updated_at = ? where id = ?`,
      [...change.params, ...others.params, ...added.params, stamp.version, stamp.updatedAt, cartId],
    );
  }
}

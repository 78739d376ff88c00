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
        const { itemId, ...line } = event.data;
        await em.insert(CartItemView, { id: itemId, cartId, ...line, addedAt: event.recordedAt });
        break;
      }
      case 'ItemQuantityChanged':
        await em.nativeUpdate(CartItemView, { id: event.data.itemId }, { quantity: event.data.quantity });
        break;
      case 'ItemRemoved':
        await em.nativeDelete(CartItemView, { id: event.data.itemId });
        break;
      case 'CartCleared':
        await em.nativeDelete(CartItemView, { cartId });
        break;
      case 'ItemRepriced':
        await em.nativeUpdate(CartItemView, { id: event.data.itemId }, { unitPriceCents: event.data.unitPriceCents });
        break;
      case 'CartCheckedOut':
        await em.nativeDelete(CartItemView, { cartId });
        await em.nativeUpdate(CartView, { id: cartId }, { checkoutOrderId: null });
        break;
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
    // The lines changed: the stored total follows them.
    await em.execute(
      'update carts set total_cents = (select coalesce(sum(unit_price_cents * quantity), 0) from cart_items where cart_id = ?), version = ?, updated_at = ? where id = ?',
      [cartId, stamp.version, stamp.updatedAt, cartId],
    );
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import type { Projection } from '../platform/projections/projection';
import { ORDER_STREAM_TYPE, OrderEvent } from './order.events';
import { OrderView } from './order.view';

const statusOf: Partial<Record<OrderEvent['type'], OrderView['status']>> = {
  ChargeRequested: 'charging',
  OrderPlaced: 'placed',
  CheckoutClosed: 'closed',
};

@Injectable()
export class OrderProjection implements Projection {
  readonly name = 'orders';
  readonly tables = ['orders', 'discount_redemptions'];

  async apply(em: EntityManager, recorded: RecordedEvent): Promise<void> {
    if (recorded.streamType !== ORDER_STREAM_TYPE) return;
    const event = recorded as RecordedEvent<OrderEvent>;
    const id = event.streamId.slice('order-'.length);
    const stamp = { version: event.version, updatedAt: event.recordedAt };
    switch (event.type) {
      case 'CheckoutOpened': {
        const d = event.data;
        await em.insert(OrderView, {
          id,
          orderNumber: d.orderNumber,
          cartId: d.cartId,
          status: 'opened',
          customerName: d.customer.name,
          customerEmail: d.customer.email,
          fulfillmentMethod: d.fulfillment,
          shippingAddress: d.shippingAddress,
          lines: d.lines,
          subtotalCents: d.subtotalCents,
          shippingCents: d.shippingCents,
          discountCents: d.discountCents,
          discountCode: d.discountCode ?? null,
          totalCents: d.totalCents,
          createdAt: event.recordedAt,
          ...stamp,
        });
        // The redemption commits with the order; the (code, email) key refuses a second one, so of
        // two checkouts racing with one email only one opens.
        if (d.discountCode) {
          await em.execute('insert into discount_redemptions (code, email, order_id, redeemed_at) values (?, ?, ?, ?)', [d.discountCode, d.customer.email, id, event.recordedAt]);
        }
        return;
      }
      case 'CheckoutClosed':
        // A failed checkout gives its code back, as it gives back its stock.
        await em.execute('delete from discount_redemptions where order_id = ?', [id]);
        await em.nativeUpdate(OrderView, { id }, { status: 'closed', ...stamp });
        return;
      case 'PaymentCaptured':
        await em.nativeUpdate(OrderView, { id }, { status: 'paid', paymentId: event.data.paymentId, ...stamp });
        return;
      case 'PaymentFailed':
        await em.nativeUpdate(OrderView, { id }, { status: 'failed', failureCode: event.data.code, failureMessage: event.data.message, ...stamp });
        return;
      case 'OrderConfirmationSent':
        await em.nativeUpdate(OrderView, { id }, { confirmationSentAt: event.recordedAt, ...stamp });
        return;
      default:
        await em.nativeUpdate(OrderView, { id }, { status: statusOf[event.type]!, ...stamp });
    }
  }
}

import { insertRow, json, updateById, write } from '../platform/projections/sql-write';
import { streamProjection } from '../platform/projections/stream-projection';
import { orderStream, type OrderEvent } from './order.events';
import type { OrderView } from './order.view';

const statusOf: Partial<Record<OrderEvent['type'], OrderView['status']>> = {
  ChargeRequested: 'charging',
  OrderPlaced: 'placed',
  CheckoutClosed: 'closed',
};

export const orderProjection = streamProjection<OrderEvent>({ name: 'orders', tables: ['orders', 'discount_redemptions'], stream: orderStream }, (event, id, stamp) => {
  switch (event.type) {
    case 'CheckoutOpened': {
      const d = event.data;
      const order = insertRow('orders', {
        id,
        // Orders are numbered when paid; only those opened before that was so have one here.
        order_number: d.orderNumber ?? null,
        cart_id: d.cartId,
        status: 'opened',
        customer_name: d.customer.name,
        customer_email: d.customer.email,
        fulfillment_method: d.fulfillment,
        shipping_address: json(d.shippingAddress),
        lines: json(d.lines),
        subtotal_cents: d.subtotalCents,
        shipping_cents: d.shippingCents,
        discount_cents: d.discountCents,
        discount_code: d.discountCode ?? null,
        total_cents: d.totalCents,
        client_address: d.clientAddress ?? null,
        created_at: event.recordedAt,
        ...stamp,
      });
      // The redemption commits with the order; the (code, email) key refuses a second one, so of
      // two checkouts racing with one email only one opens.
      if (!d.discountCode || d.discountReusable) return [order];
      return [order, write('insert into discount_redemptions (code, email, order_id, redeemed_at) values (?, ?, ?, ?)', d.discountCode, d.customer.email, id, event.recordedAt)];
    }
    case 'CheckoutClosed':
      // A failed checkout gives its code back, as it gives back its stock.
      return [write('delete from discount_redemptions where order_id = ?', id), updateById('orders', id, { status: 'closed', ...stamp })];
    case 'PaymentCaptured':
      return [
        updateById('orders', id, {
          status: 'paid',
          payment_id: event.data.paymentId,
          card_fingerprint: event.data.cardFingerprint ?? null,
          ...(event.data.orderNumber ? { order_number: event.data.orderNumber } : {}),
          ...stamp,
        }),
      ];
    case 'PaymentFailed':
      return [updateById('orders', id, { status: 'failed', failure_code: event.data.code, failure_message: event.data.message, ...stamp })];
    case 'OrderPlaced':
      return [updateById('orders', id, { status: 'placed', placed_at: event.recordedAt, ...stamp })];
    case 'OrderFulfilled':
      return [updateById('orders', id, { fulfilment: event.data.as, fulfilled_as: event.data.as, fulfilled_at: event.recordedAt, tracking_number: event.data.trackingNumber, ...stamp })];
    case 'OrderReadyForPickup':
      return [updateById('orders', id, { fulfilment: 'ready-for-pickup', pickup_note: event.data.note, ready_for_pickup_at: event.recordedAt, ...stamp })];
    // `fulfilled_as`, `fulfilled_at` and `tracking_number` are still filled: readers from before the steps use them.
    case 'OrderPickedUp':
      return [updateById('orders', id, { fulfilment: 'picked-up', fulfilled_as: 'picked-up', fulfilled_at: event.recordedAt, ...stamp })];
    case 'OrderShipped': {
      const d = event.data;
      return [
        updateById('orders', id, {
          fulfilment: 'shipped',
          fulfilled_as: 'shipped',
          fulfilled_at: event.recordedAt,
          carrier: d.carrier,
          tracking_number: d.trackingNumber,
          tracking_url: d.trackingUrl,
          ...stamp,
        }),
      ];
    }
    case 'FulfilmentEmailSent':
      return [updateById('orders', id, stamp)];
    case 'RefundRequested':
      return [write('update orders set refunds_pending = refunds_pending + 1, version = ?, updated_at = ? where id = ?', stamp.version, stamp.updated_at, id)];
    case 'OrderRefunded':
      return [
        write(
          `update orders set refunded_cents = refunded_cents + ?, refund_status = case when refunded_cents + ? >= total_cents then 'refunded' else 'partly-refunded' end,
           refunds_pending = greatest(refunds_pending - 1, 0), version = ?, updated_at = ? where id = ?`,
          event.data.amountCents,
          event.data.amountCents,
          stamp.version,
          stamp.updated_at,
          id,
        ),
      ];
    // Still pending: Square took it and has not finished.
    case 'RefundPending':
      return [updateById('orders', id, stamp)];
    case 'RefundFailed':
      return [write('update orders set refunds_pending = greatest(refunds_pending - 1, 0), version = ?, updated_at = ? where id = ?', stamp.version, stamp.updated_at, id)];
    case 'RefundEmailSent':
      return [updateById('orders', id, stamp)];
    // Where the Square order's fulfillment stands beside the shop's step (`square_fulfillment`): the sweep's list of orders waiting for Square.
    case 'SquareOrderOpened':
      return [updateById('orders', id, { square_order_id: event.data.squareOrderId, square_line_variations: json(event.data.lineVariations), square_fulfillment: 'PROPOSED', ...stamp })];
    case 'SquareFulfillmentSynced':
      return [updateById('orders', id, { square_fulfillment: event.data.squareState, square_fulfillment_refused: null, ...stamp })];
    case 'SquareFulfillmentRefused':
      return [updateById('orders', id, { square_fulfillment_refused: event.data.step, ...stamp })];
    case 'OrderConfirmationSent':
      return [updateById('orders', id, { confirmation_sent_at: event.recordedAt, ...stamp })];
    default:
      return [updateById('orders', id, { status: statusOf[event.type]!, ...stamp })];
  }
});

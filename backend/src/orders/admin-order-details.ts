import { variantOfLine } from './order-lines';
import { Injectable } from '@nestjs/common';
import { fold } from '../platform/event-store/decider';
import { EventStore } from '../platform/event-store/event-store';
import { notFound } from '../platform/errors/domain-error';
import { formatCents } from '../platform/money';
import type { AdminOrderDetailDto } from './order.responses';
import { orderDecider } from './order.decider';
import { nextFulfillmentSteps } from './order-fulfillment.decider';
import { squareFulfillmentSync } from './order-square-fulfillment.decider';
import { linePaidCents, lineRefundValues, refundableCents, refundedUnits } from './order-refunds.decider';
import { orderStream, type OrderEvent, type RefundRequested, type StaffNoteAdded } from './order.events';
import { trackingNumberWarning } from './carrier-formats';
import { OrderLineImages } from './order-line-images';
import { OrderStatusLinks } from './order-status-links';
import { OrderReader } from './order.reader';
import { adminTimeline, cardBrandWords } from './order-timeline';
import { toAdminOrderDto } from './order.view';
import { AdminSquareOrder } from './admin-square-order';
import type { OpenOrder } from './order.state';

function squareFulfillmentOf(state: OpenOrder): AdminOrderDetailDto['squareFulfillment'] {
  const sync = squareFulfillmentSync(state);
  const square = state.squareFulfillment;
  if (!sync || !square) return null;
  return { state: square.state, sync, refusal: sync === 'refused' && square.refused ? { code: square.refused.code, message: square.refused.message } : null };
}

/**
 * The studio's order page: the read row for what the list shows, the order's stream for what only
 * its history knows (each refund, the card, the timeline, the steps open now).
 */
@Injectable()
export class AdminOrderDetails {
  constructor(
    private readonly orders: OrderReader,
    private readonly store: EventStore,
    private readonly images: OrderLineImages,
    private readonly links: OrderStatusLinks,
    private readonly square: AdminSquareOrder,
  ) {}

  async of(orderId: string): Promise<AdminOrderDetailDto> {
    const [row, { events }] = await Promise.all([this.orders.byId(orderId), this.store.readStream<OrderEvent>(orderStream(orderId).id)]);
    const state = fold(orderDecider, events);
    if (!row || !state.exists) throw notFound('That order was not found.');
    const [lineImages, square] = await Promise.all([this.images.of(state.opened.lines), this.square.of(state)]);
    const units = refundedUnits(state);
    const paid = linePaidCents(state);
    const requestedAt = new Map(events.filter((e): e is typeof e & RefundRequested => e.type === 'RefundRequested').map((e) => [e.data.refundId, e.data.requestedAt]));
    return {
      ...toAdminOrderDto(row),
      items: state.opened.lines.map((l, itemId) => ({
        itemId,
        productId: l.productId,
        ...variantOfLine(l),
        name: l.name,
        quantity: l.quantity,
        price: formatCents(l.unitPriceCents),
        paid: formatCents(paid[itemId]),
        imageUrl: lineImages[itemId] ?? null,
        refundedQuantity: units[itemId] ?? 0,
        refundValues: lineRefundValues(state, itemId).map(formatCents),
      })),
      card: state.payment ? { brand: cardBrandWords(state.payment.cardBrand), last4: state.payment.last4 } : null,
      statusUrl: this.links.urlFor(orderId),
      refundable: formatCents(state.status === 'placed' ? Math.max(0, refundableCents(state)) : 0),
      refunds: Object.values(state.refunds).map((r) => ({
        refundId: r.terms.refundId,
        amount: formatCents(r.terms.amountCents),
        reason: r.terms.reason,
        status: r.status,
        squareRefundId: r.squareRefundId ?? null,
        failure: r.failure ?? null,
        lines: r.terms.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity, restock: l.restock })),
        requestedAt: new Date(requestedAt.get(r.terms.refundId) ?? row.updatedAt).toISOString(),
      })),
      timeline: adminTimeline(events),
      staffNotes: events.filter((e): e is typeof e & StaffNoteAdded => e.type === 'StaffNoteAdded').map((e) => e.data),
      customerNote: state.opened.note ?? null,
      trackingWarning: trackingNumberWarning(row.carrier ?? null, row.trackingNumber ?? null),
      nextSteps: nextFulfillmentSteps(state),
      square,
      squareFulfillment: squareFulfillmentOf(state),
    };
  }
}

import { Controller, Get, Header, Param, UseGuards } from '@nestjs/common';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { fold } from '../platform/event-store/decider';
import { EventStore } from '../platform/event-store/event-store';
import { notFound } from '../platform/errors/domain-error';
import { maskEmail } from '../platform/mask-email';
import { formatCents } from '../platform/money';
import { OnlyFromThisMachineWhile } from '../stand-ins';
import { OrderStatusDto, orderStatusSchema } from './order.responses';
import { orderDecider } from './order.decider';
import { isFullyRefunded, takenRefundCents } from './order-refunds.decider';
import { orderName } from './order.state';
import { orderStream, type OrderEvent } from './order.events';
import { OrderLineImages } from './order-line-images';
import { OrderStatusLinks } from './order-status-links';
import { statusTimeline } from './order-timeline';

/**
 * `GET /api/order-status/{token}`: the order a signed link from the shopper's emails names. No
 * sign-in: the link is the key, so it shows the order but never the street address or the whole email.
 */
@Controller('api/order-status')
// Links signed with the development secret could be forged by anyone: only this machine may use them.
@UseGuards(OnlyFromThisMachineWhile('linkSecret'))
export class OrderStatusController {
  constructor(
    private readonly links: OrderStatusLinks,
    private readonly store: EventStore,
    private readonly images: OrderLineImages,
  ) {}

  @Get(':token')
  // Someone's order: kept by no cache between the shopper and the shop.
  @Header('Cache-Control', 'no-store')
  @ApiAnswers({ 200: orderStatusSchema })
  async status(@Param('token') token: string): Promise<OrderStatusDto> {
    const orderId = this.links.orderOf(token);
    const { events } = orderId ? await this.store.readStream<OrderEvent>(orderStream(orderId).id) : { events: [] };
    const order = fold(orderDecider, events);
    if (!order.exists || order.status !== 'placed') throw notFound('We could not find that order. Check the link in your email.', 'ORDER_STATUS_NOT_FOUND');
    const lineImages = await this.images.of(order.opened.lines);
    const placed = events.find((e) => e.type === 'OrderPlaced');
    const shipped = order.steps.shipped;
    // A fully refunded pickup has nothing left to collect: no instructions for coming to the studio.
    const fullyRefunded = isFullyRefunded(order);
    return {
      orderNumber: orderName(order),
      firstName: order.opened.customer.name.trim().split(/\s+/)[0] ?? '',
      email: maskEmail(order.opened.customer.email),
      placedAt: (placed?.recordedAt ?? events[0]!.recordedAt).toISOString(),
      fulfillmentMethod: order.opened.fulfillment,
      fulfilment: order.fulfillmentStatus,
      items: order.opened.lines.map((l, i) => ({
        name: l.name,
        variantName: l.variantName ?? '',
        quantity: l.quantity,
        price: formatCents(l.unitPriceCents),
        imageUrl: lineImages[i] ?? null,
      })),
      subtotal: formatCents(order.opened.subtotalCents),
      shipping: formatCents(order.opened.shippingCents),
      discount: formatCents(order.opened.discountCents),
      total: formatCents(order.opened.totalCents),
      refunded: formatCents(takenRefundCents(order)),
      carrier: shipped?.carrier ?? null,
      trackingNumber: shipped?.trackingNumber ?? null,
      trackingUrl: shipped?.trackingUrl ?? null,
      pickupNote: fullyRefunded ? null : (order.steps['ready-for-pickup']?.note ?? null),
      timeline: statusTimeline(events, { fullyRefunded }),
    };
  }
}

import { formatCents } from '../platform/money';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import type { FulfillmentStep, OrderEvent } from './order.events';
import type { SquareFulfillmentState } from './square-fulfillment.events';

/** One thing that happened to an order, in words, as the studio reads it. */
export interface TimelineEntry {
  at: string;
  event: OrderEvent['type'];
  title: string;
  detail: string | null;
}

/** What the shopper's status page shows: payment, each fulfilment step, each refund. */
export interface StatusTimelineEntry {
  step: 'paid' | FulfillmentStep | 'refunded';
  at: string;
  title: string;
  detail: string | null;
}

const dollars = (cents: number) => `$${formatCents(cents)}`;

/** The card Square says paid ("Visa", "1111"), for the shopper's confirmation and status page: never what the browser said. */
export function paidCard(payment: { cardBrand: string | null; last4: string | null } | undefined): { brand: string | null; last4: string | null } | null {
  return payment ? { brand: cardBrandWords(payment.cardBrand), last4: payment.last4 } : null;
}

/** Square's card brand ("AMERICAN_EXPRESS") as people write it ("American Express"). */
export function cardBrandWords(brand: string | null | undefined): string | null {
  if (!brand) return null;
  const known: Record<string, string> = {
    VISA: 'Visa',
    MASTERCARD: 'Mastercard',
    AMERICAN_EXPRESS: 'American Express',
    DISCOVER: 'Discover',
    JCB: 'JCB',
    SQUARE_GIFT_CARD: 'Square Gift Card',
  };
  return (
    known[brand] ??
    brand
      .toLowerCase()
      .replace(/_/g, ' ')
      .replace(/\b\w/g, (c) => c.toUpperCase())
  );
}

const STEP_EMAIL: Record<FulfillmentStep, string> = { 'ready-for-pickup': 'Ready-for-pickup email sent', shipped: 'Shipped email sent', 'picked-up': 'Picked-up email sent' };

/** Square's fulfillment states as the studio's Order Manager words them. */
const SQUARE_STATE_WORDS: Record<SquareFulfillmentState, string> = {
  PROPOSED: 'new',
  RESERVED: 'in progress',
  PREPARED: 'ready',
  COMPLETED: 'completed',
  CANCELED: 'canceled',
  FAILED: 'failed',
};

/** A step the studio took in Square (the Order Manager) says so: the webhook records it as Square. */
const inSquare = (e: RecordedEvent<OrderEvent>, title: string) => (e.metadata.actor === 'square' ? `${title} (in Square)` : title);

function shippedTitle(carrier: string | null, trackingNumber: string | null): string {
  return ['Shipped', carrier ? ` with ${carrier}` : '', trackingNumber ? `, tracking ${trackingNumber}` : ''].join('');
}

/** An event in the studio's words, or undefined for one that says nothing the studio needs. */
function entryOf(e: RecordedEvent<OrderEvent>): Omit<TimelineEntry, 'at' | 'event'> | undefined {
  switch (e.type) {
    case 'CheckoutOpened':
      return { title: `Checkout opened for ${dollars(e.data.totalCents)}`, detail: e.data.discountCode ? `Discount code ${e.data.discountCode}` : null };
    case 'ChargeRequested':
      return { title: 'Card charge asked of Square', detail: null };
    case 'SquareOrderOpened': {
      const adHoc = e.data.adHocLines?.length ?? 0;
      return { title: `Booked in Square as order ${e.data.squareOrderId}`, detail: adHoc ? `${adHoc} line(s) as ad hoc lines: their Square variation was deleted` : null };
    }
    case 'SquareOrderNumbered':
      return { title: `Square order numbered ${e.data.referenceId}`, detail: null };
    case 'PaymentCaptured': {
      const card = [cardBrandWords(e.data.cardBrand), e.data.last4 ? `•••• ${e.data.last4}` : null].filter(Boolean).join(' ');
      return { title: `Paid ${dollars(e.data.amountCents)}${card ? ` by ${card}` : ''}`, detail: `Square payment ${e.data.paymentId}` };
    }
    case 'PaymentFailed':
      return { title: 'Payment failed', detail: e.data.message };
    case 'OrderPlaced':
      return { title: `Order ${e.data.orderNumber} placed`, detail: null };
    case 'CheckoutClosed':
      return { title: 'Checkout closed: its stock and cart given back', detail: null };
    case 'OrderConfirmationSent':
      return { title: 'Confirmation emailed', detail: null };
    case 'OrderFulfilled':
      return e.data.as === 'shipped' ? { title: shippedTitle(null, e.data.trackingNumber), detail: null } : { title: 'Picked up', detail: null };
    case 'OrderReadyForPickup':
      return { title: inSquare(e, 'Ready for pickup'), detail: e.data.note };
    case 'OrderShipped':
      return { title: inSquare(e, shippedTitle(e.data.carrier, e.data.trackingNumber)), detail: e.data.note };
    case 'OrderPickedUp':
      return { title: inSquare(e, 'Picked up'), detail: e.data.note };
    case 'FulfilmentEmailSent':
      return { title: STEP_EMAIL[e.data.step], detail: null };
    case 'RefundRequested':
      return { title: `Refund of ${dollars(e.data.amountCents)} asked: ${e.data.reason}`, detail: null };
    case 'OrderRefunded':
      return { title: `Refunded ${dollars(e.data.amountCents)}`, detail: `Square refund ${e.data.squareRefundId}` };
    case 'RefundPending':
      return { title: 'Refund taken by Square, still pending: restocked and emailed once it completes', detail: `Square refund ${e.data.squareRefundId}` };
    case 'RefundFailed':
      return { title: `Refund failed, nothing given back: ${e.data.message}`, detail: e.data.code };
    case 'RefundEmailSent':
      return { title: 'Refund email sent', detail: null };
    case 'SquareFulfillmentSynced':
      return { title: `Square order fulfillment ${SQUARE_STATE_WORDS[e.data.squareState]}`, detail: `Square order version ${e.data.squareVersion}` };
    case 'SquareFulfillmentRefused':
      return { title: `Square refused to follow the step: ${e.data.message}`, detail: e.data.code };
  }
}

/** The order's whole story for the studio, oldest first, each event at the time it was recorded. */
export function adminTimeline(events: readonly RecordedEvent<OrderEvent>[]): TimelineEntry[] {
  return events.flatMap((e) => {
    const entry = entryOf(e);
    return entry ? [{ at: e.recordedAt.toISOString(), event: e.type, ...entry }] : [];
  });
}

/**
 * What the shopper sees of it: paid, each fulfilment step, each refund Square took; never the
 * studio's workings. Once the order is `fullyRefunded` there is nothing to collect: the pickup
 * instructions ("ring the bell...") are left out.
 */
export function statusTimeline(events: readonly RecordedEvent<OrderEvent>[], { fullyRefunded = false } = {}): StatusTimelineEntry[] {
  return events.flatMap((e): StatusTimelineEntry[] => {
    const at = e.recordedAt.toISOString();
    switch (e.type) {
      case 'PaymentCaptured':
        return [{ step: 'paid', at, title: 'Paid', detail: dollars(e.data.amountCents) }];
      case 'OrderReadyForPickup':
        return [{ step: 'ready-for-pickup', at, title: 'Ready for pickup', detail: fullyRefunded ? null : e.data.note }];
      case 'OrderShipped':
        return [{ step: 'shipped', at, title: shippedTitle(e.data.carrier, e.data.trackingNumber), detail: e.data.note }];
      case 'OrderPickedUp':
        return [{ step: 'picked-up', at, title: 'Picked up', detail: e.data.note }];
      case 'OrderFulfilled':
        return [
          e.data.as === 'shipped' ? { step: 'shipped', at, title: shippedTitle(null, e.data.trackingNumber), detail: null } : { step: 'picked-up', at, title: 'Picked up', detail: null },
        ];
      case 'OrderRefunded':
        return [{ step: 'refunded', at, title: `Refunded ${dollars(e.data.amountCents)}`, detail: null }];
      default:
        return [];
    }
  });
}

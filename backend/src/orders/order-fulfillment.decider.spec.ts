import { deciderSpec } from '../../test/support/decider-spec';
import { captured, chargeAt, charging, declined, opened, placed, terms } from '../../test/support/order-checkout-events';
import { fold } from '../platform/event-store/decider';
import { orderDecider } from './order.decider';
import { nextFulfillmentSteps } from './order-fulfillment.decider';
import type { OrderEvent } from './order.events';

const spec = deciderSpec(orderDecider);

describe('order decider: fulfillment', () => {
  const shippingOpened: OrderEvent = {
    type: 'CheckoutOpened',
    data: { ...terms, fulfillment: 'shipping', shippingAddress: { address: '1 Crypt Lane', city: 'Salem', state: 'MA', zipCode: '01970', country: 'US' } },
  };
  const paid = [charging, captured, placed];
  const pickup = [opened, ...paid];
  const shipping = [shippingOpened, ...paid];
  const ready: OrderEvent = { type: 'OrderReadyForPickup', data: { note: 'Friday after 4pm at the studio door' } };
  const pickedUp: OrderEvent = { type: 'OrderPickedUp', data: { note: null } };
  const shipped: OrderEvent = {
    type: 'OrderShipped',
    data: { carrier: 'USPS', trackingNumber: '9400 1000', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000', note: null },
  };
  const refundTerms = { refundId: 'r1', amountCents: 6800, lines: [], reason: 'Cancelled' };
  const fullRefund: OrderEvent[] = [
    { type: 'RefundRequested', data: { ...refundTerms, requestedAt: chargeAt } },
    { type: 'OrderRefunded', data: { ...refundTerms, squareRefundId: 'sq-r1' } },
  ];
  const partRefund: OrderEvent[] = [
    { type: 'RefundRequested', data: { ...refundTerms, amountCents: 1000, requestedAt: chargeAt } },
    { type: 'OrderRefunded', data: { ...refundTerms, amountCents: 1000, squareRefundId: 'sq-r1' } },
  ];
  const step = (s: 'ready-for-pickup' | 'shipped' | 'picked-up', extra: { carrier?: string; trackingNumber?: string; note?: string } = {}) => ({
    kind: 'RecordFulfillmentStep' as const,
    step: s,
    ...extra,
  });
  const stateOf = (...events: OrderEvent[]) => {
    const state = fold(orderDecider, events);
    if (!state.exists) throw new Error('no order');
    return state;
  };

  it('makes a pickup order ready with the studio note, then picked up', () => {
    spec
      .given(...pickup)
      .when(step('ready-for-pickup', { note: ' Friday after 4pm at the studio door ' }))
      .then([ready]);
    spec
      .given(...pickup, ready)
      .when(step('picked-up'))
      .then([pickedUp]);
    expect(nextFulfillmentSteps(stateOf(...pickup))).toEqual(['ready-for-pickup', 'picked-up']);
    expect(nextFulfillmentSteps(stateOf(...pickup, ready))).toEqual(['picked-up']);
    expect(nextFulfillmentSteps(stateOf(...pickup, ready, pickedUp))).toEqual([]);
  });

  it('lets a pickup order be picked up straight away: the shopper may turn up early', () => {
    spec
      .given(...pickup)
      .when(step('picked-up', { note: 'Came early' }))
      .then([{ type: 'OrderPickedUp', data: { note: 'Came early' } }]);
  });

  it('ships a shipping order with its carrier, tracking number and the carrier tracking page', () => {
    spec
      .given(...shipping)
      .when(step('shipped', { carrier: ' USPS ', trackingNumber: ' 9400 1000 ' }))
      .then([shipped]);
    spec
      .given(...shipping)
      .when(step('shipped', { carrier: 'Crow Post', trackingNumber: 'CP-1', note: 'Wrapped twice' }))
      .then([{ type: 'OrderShipped', data: { carrier: 'Crow Post', trackingNumber: 'CP-1', trackingUrl: null, note: 'Wrapped twice' } }]);
    spec
      .given(...shipping)
      .when(step('shipped'))
      .then([{ type: 'OrderShipped', data: { carrier: null, trackingNumber: null, trackingUrl: null, note: null } }]);
    spec
      .given(...shipping)
      .when(step('shipped', { carrier: '  ', trackingNumber: ' ', note: ' ' }))
      .then([{ type: 'OrderShipped', data: { carrier: null, trackingNumber: null, trackingUrl: null, note: null } }]);
    expect(nextFulfillmentSteps(stateOf(...shipping))).toEqual(['shipped']);
    expect(nextFulfillmentSteps(stateOf(...shipping, shipped))).toEqual([]);
  });

  it('takes a repeat of the step the order is at as done already (a double click)', () => {
    spec
      .given(...pickup, ready)
      .when(step('ready-for-pickup', { note: 'Another note' }))
      .thenNothing();
    spec
      .given(...pickup, pickedUp)
      .when(step('picked-up'))
      .thenNothing();
    spec
      .given(...shipping, shipped)
      .when(step('shipped', { carrier: 'UPS', trackingNumber: '1Z' }))
      .thenNothing();
  });

  it('refuses a step of the other method', () => {
    spec
      .given(...pickup)
      .when(step('shipped', { carrier: 'USPS' }))
      .thenThrows('FULFILMENT_STEP_REFUSED', 'Order DC-1001 is a pickup order: it is made ready for pickup and picked up, never shipped.');
    spec
      .given(...shipping)
      .when(step('ready-for-pickup'))
      .thenThrows('FULFILMENT_STEP_REFUSED', 'Order DC-1001 is a shipping order: it is shipped, never marked ready for pickup.');
    spec
      .given(...shipping)
      .when(step('picked-up'))
      .thenThrows('FULFILMENT_STEP_REFUSED', /shipping order/);
  });

  it('refuses to go backwards', () => {
    spec
      .given(...pickup, pickedUp)
      .when(step('ready-for-pickup'))
      .thenThrows('FULFILMENT_STEP_REFUSED', 'Order DC-1001 is already picked up; it cannot go back to ready for pickup.', {
        step: 'ready-for-pickup',
        fulfilment: 'picked-up',
      });
    spec
      .given(...pickup, ready, pickedUp)
      .when(step('ready-for-pickup'))
      .thenThrows('FULFILMENT_STEP_REFUSED');
  });

  it('refuses an order that is not placed', () => {
    spec.given(opened, charging).when(step('picked-up')).thenThrows('FULFILMENT_STEP_REFUSED', 'Order o1 is not a paid order, so it cannot be marked picked up.');
    spec.given(opened, declined).when(step('ready-for-pickup')).thenThrows('FULFILMENT_STEP_REFUSED');
    spec.given().when(step('shipped')).thenThrows('NOT_FOUND');
    spec.given(shippingOpened, charging).when(step('shipped')).thenThrows('FULFILMENT_STEP_REFUSED', 'Order o1 is not a paid order, so it cannot be marked shipped.');
    expect(nextFulfillmentSteps(stateOf(opened, charging))).toEqual([]);
    expect(nextFulfillmentSteps(stateOf(shippingOpened, charging))).toEqual([]);
  });

  it('refuses a fully refunded order, and fulfils a partly refunded one', () => {
    spec
      .given(...pickup, ...fullRefund)
      .when(step('ready-for-pickup'))
      .thenThrows('FULFILMENT_STEP_REFUSED', 'Order DC-1001 is fully refunded: there is nothing left to fulfil.');
    spec
      .given(...shipping, ...fullRefund)
      .when(step('shipped'))
      .thenThrows('FULFILMENT_STEP_REFUSED', /fully refunded/);
    expect(nextFulfillmentSteps(stateOf(...pickup, ...fullRefund))).toEqual([]);
    spec
      .given(...pickup, ...partRefund)
      .when(step('picked-up'))
      .then([pickedUp]);
  });

  it('keeps what each step said, and whether its email went', () => {
    const blank = { note: null, carrier: null, trackingNumber: null, trackingUrl: null };
    const emailed: OrderEvent = { type: 'FulfilmentEmailSent', data: { step: 'ready-for-pickup', messageId: 'm1' } };
    expect(stateOf(...pickup, ready, emailed, pickedUp).steps).toEqual({
      'ready-for-pickup': { ...blank, note: 'Friday after 4pm at the studio door', emailSent: true },
      'picked-up': { ...blank, emailSent: false },
    });
    expect(stateOf(...shipping, shipped).steps).toEqual({ shipped: { ...shipped.data, emailSent: false } });
  });

  it('records each step email once', () => {
    spec
      .given(...pickup, ready)
      .when({ kind: 'RecordFulfillmentEmailSent', step: 'ready-for-pickup', messageId: 'm1' })
      .then([{ type: 'FulfilmentEmailSent', data: { step: 'ready-for-pickup', messageId: 'm1' } }]);
    spec
      .given(...pickup, ready, { type: 'FulfilmentEmailSent', data: { step: 'ready-for-pickup', messageId: 'm1' } })
      .when({ kind: 'RecordFulfillmentEmailSent', step: 'ready-for-pickup', messageId: 'm2' })
      .thenNothing();
    spec
      .given(...pickup, ready)
      .when({ kind: 'RecordFulfillmentEmailSent', step: 'picked-up', messageId: 'm1' })
      .thenNothing();
  });

  describe('the route from before the steps (FulfilOrder)', () => {
    it('marks a paid pickup order picked up, once, and ignores a tracking number', () => {
      spec
        .given(...pickup)
        .when({ kind: 'FulfillOrder', trackingNumber: '9400 1000' })
        .then([pickedUp]);
      spec
        .given(...pickup, ready)
        .when({ kind: 'FulfillOrder' })
        .then([pickedUp]);
      spec
        .given(...pickup, pickedUp)
        .when({ kind: 'FulfillOrder' })
        .thenNothing();
    });

    it('ships a shipping order with its tracking number and no carrier, once', () => {
      spec
        .given(...shipping)
        .when({ kind: 'FulfillOrder', trackingNumber: '9400 1000' })
        .then([{ type: 'OrderShipped', data: { carrier: null, trackingNumber: '9400 1000', trackingUrl: null, note: null } }]);
      spec
        .given(...shipping)
        .when({ kind: 'FulfillOrder' })
        .then([{ type: 'OrderShipped', data: { carrier: null, trackingNumber: null, trackingUrl: null, note: null } }]);
      spec
        .given(...shipping, shipped)
        .when({ kind: 'FulfillOrder', trackingNumber: '1' })
        .thenNothing();
    });

    it('refuses to fulfil an order that is not paid and placed', () => {
      spec.given(opened, charging).when({ kind: 'FulfillOrder' }).thenThrows('FULFILMENT_STEP_REFUSED', 'Order o1 is not a paid order to fulfil.');
      spec.given(opened, declined).when({ kind: 'FulfillOrder' }).thenThrows('FULFILMENT_STEP_REFUSED');
      spec.given().when({ kind: 'FulfillOrder' }).thenThrows('NOT_FOUND');
    });
  });

  it('replays an older OrderFulfilled as its step, with no email owed', () => {
    const oldPickup = stateOf(...pickup, { type: 'OrderFulfilled', data: { as: 'picked-up', trackingNumber: null } });
    expect([oldPickup.fulfillmentStatus, oldPickup.fulfilled, oldPickup.steps['picked-up']?.emailSent]).toEqual(['picked-up', 'picked-up', true]);
    const oldShipped = stateOf(...shipping, { type: 'OrderFulfilled', data: { as: 'shipped', trackingNumber: '9400' } });
    expect([oldShipped.fulfillmentStatus, oldShipped.steps.shipped?.trackingNumber]).toEqual(['shipped', '9400']);
    expect(oldShipped.steps).toEqual({ shipped: { note: null, carrier: null, trackingNumber: '9400', trackingUrl: null, emailSent: true } });
    spec
      .given(...shipping, { type: 'OrderFulfilled', data: { as: 'shipped', trackingNumber: '9400' } })
      .when(step('shipped'))
      .thenNothing();
    spec
      .given(...pickup, { type: 'OrderFulfilled', data: { as: 'picked-up', trackingNumber: null } })
      .when(step('ready-for-pickup'))
      .thenThrows('FULFILMENT_STEP_REFUSED', /cannot go back/);
  });
});

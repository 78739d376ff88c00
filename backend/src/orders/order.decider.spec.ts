import { deciderSpec } from '../../test/support/decider-spec';
import { fold } from '../platform/event-store/decider';
import { nextFulfilmentSteps, orderDecider, paidTerms } from './order.decider';
import type { CheckoutOpened, OrderEvent } from './order.events';

const spec = deciderSpec(orderDecider);
const terms: CheckoutOpened['data'] = {
  orderId: 'o1',
  cartId: 'c1',
  customer: { name: 'Ana', email: 'ana@example.com' },
  fulfillment: 'pickup',
  shippingAddress: null,
  lines: [{ productId: 1, name: 'Raven Hoodie', quantity: 1, unitPriceCents: 6800 }],
  subtotalCents: 6800,
  shippingCents: 0,
  discountCents: 0,
  totalCents: 6800,
  sourceId: 'cnon:card-nonce-ok',
  idempotencyKey: 'dc-c1-3',
};
const opened: OrderEvent = { type: 'CheckoutOpened', data: terms };
const chargeAt = '2026-11-24T12:00:00.000Z';
const charging: OrderEvent = { type: 'ChargeRequested', data: { requestedAt: chargeAt } };
const payment = { paymentId: 'p1', amountCents: 6800, cardBrand: 'VISA', last4: '1111', orderNumber: 'DC-1001' };
const captured: OrderEvent = { type: 'PaymentCaptured', data: payment };
const declined: OrderEvent = { type: 'PaymentFailed', data: { code: 'GENERIC_DECLINE', message: 'Your card was declined.' } };
const placed: OrderEvent = { type: 'OrderPlaced', data: { orderNumber: 'DC-1001' } };

describe('order decider', () => {
  it('opens a checkout once; a twin request finds it open', () => {
    spec.given().when({ kind: 'OpenCheckout', opened: terms }).then([opened]);
    spec.given(opened).when({ kind: 'OpenCheckout', opened: { ...terms, sourceId: 'cnon:other' } }).thenNothing();
  });

  it('refuses commands on an order that does not exist', () => {
    spec.given().when({ kind: 'RequestCharge', at: chargeAt }).thenThrows('NOT_FOUND', 'That order was not found.');
  });

  it('asks for the charge once', () => {
    spec.given(opened).when({ kind: 'RequestCharge', at: chargeAt }).then([charging]);
    spec.given(opened, charging).when({ kind: 'RequestCharge', at: chargeAt }).thenNothing();
    spec.given(opened, declined).when({ kind: 'RequestCharge', at: chargeAt }).thenNothing();
  });

  it('records the payment of a requested charge once', () => {
    spec.given(opened, charging).when({ kind: 'RecordPayment', payment }).then([captured]);
    spec.given(opened, charging, captured).when({ kind: 'RecordPayment', payment }).thenNothing();
    spec.given(opened, charging, captured, placed).when({ kind: 'RecordPayment', payment }).thenNothing();
  });

  it('refuses a payment for a checkout that never asked for one or already failed, naming the order and its status', () => {
    spec.given(opened).when({ kind: 'RecordPayment', payment }).thenThrows('CONFLICT', 'Order o1 cannot take a payment while opened.');
    spec.given(opened, charging, declined).when({ kind: 'RecordPayment', payment }).thenThrows('CONFLICT', 'Order o1 cannot take a payment while failed.');
  });

  it('numbers an order when its payment is recorded, never before, and keeps a number it was opened with', () => {
    const numberOf = (...events: OrderEvent[]) => {
      const state = fold(orderDecider, events);
      return state.exists ? state.orderNumber : 'no order';
    };
    expect(numberOf(opened, charging)).toBeUndefined();
    expect(numberOf(opened, charging, declined)).toBeUndefined();
    expect(numberOf(opened, charging, captured, placed)).toBe('DC-1001');
    // What the emails are given: the terms with the number.
    const paid = fold(orderDecider, [opened, charging, captured, placed]);
    expect(paid.exists && paidTerms(paid)).toEqual({ ...terms, orderNumber: 'DC-1001' });
    spec.given(opened, charging).when({ kind: 'RecordPayment', payment: { ...payment, orderNumber: undefined } }).thenThrows('CONFLICT', 'Order o1 cannot take a payment without its order number.');
    // An order opened with its number (before numbers waited for the payment) keeps it.
    const openedNumbered: OrderEvent = { type: 'CheckoutOpened', data: { ...terms, orderNumber: 'DC-0999' } };
    const keptNumber: OrderEvent = { type: 'PaymentCaptured', data: { ...payment, orderNumber: 'DC-0999' } };
    spec.given(openedNumbered, charging).when({ kind: 'RecordPayment', payment }).then([keptNumber]);
    spec.given(openedNumbered, charging).when({ kind: 'RecordPayment', payment: { ...payment, orderNumber: undefined } }).then([keptNumber]);
    const { orderNumber: _none, ...paymentRecordedBefore } = payment;
    expect(numberOf(openedNumbered, charging, { type: 'PaymentCaptured', data: paymentRecordedBefore })).toBe('DC-0999');
    spec.given(openedNumbered, charging, { type: 'PaymentCaptured', data: paymentRecordedBefore }).when({ kind: 'PlaceOrder' }).then([{ type: 'OrderPlaced', data: { orderNumber: 'DC-0999' } }]);
  });

  // The checkout's answer to the shopper is read from the folded order: the payment id, or the refusal.
  it('remembers the captured payment of a placed order', () => {
    const state = fold(orderDecider, [opened, charging, captured, placed]);
    expect(state.exists && [state.status, state.payment]).toEqual(['placed', payment]);
  });

  it('remembers why a closed checkout failed', () => {
    const state = fold(orderDecider, [opened, charging, declined, { type: 'CheckoutClosed', data: {} }]);
    expect(state.exists && [state.status, state.failure]).toEqual(['closed', { code: 'GENERIC_DECLINE', message: 'Your card was declined.' }]);
  });

  it('records a failure before or during the charge, and never after the money moved', () => {
    const failure = { code: 'OUT_OF_STOCK', message: 'Raven Hoodie is sold out.' };
    spec.given(opened).when({ kind: 'RecordFailure', failure }).then([{ type: 'PaymentFailed', data: failure }]);
    spec.given(opened, charging).when({ kind: 'RecordFailure', failure }).then([{ type: 'PaymentFailed', data: failure }]);
    spec.given(opened, charging, declined).when({ kind: 'RecordFailure', failure }).thenNothing();
    spec.given(opened, charging, captured).when({ kind: 'RecordFailure', failure }).thenNothing();
  });

  it('takes a refusal before the charge only while the order is opened: never on one being charged', () => {
    const failure = { code: 'CART_CHANGED', message: 'Your cart changed while you were paying. Please review it and try again.' };
    spec.given(opened).when({ kind: 'RefuseCheckout', failure }).then([{ type: 'PaymentFailed', data: failure }]);
    spec.given(opened, charging).when({ kind: 'RefuseCheckout', failure }).thenNothing();
    spec.given(opened, charging, captured).when({ kind: 'RefuseCheckout', failure }).thenNothing();
    spec.given(opened, charging, declined).when({ kind: 'RefuseCheckout', failure }).thenNothing();
  });

  it('places a paid order once, and only a paid one', () => {
    spec.given(opened, charging, captured).when({ kind: 'PlaceOrder' }).then([placed]);
    spec.given(opened, charging, captured, placed).when({ kind: 'PlaceOrder' }).thenNothing();
    spec.given(opened, charging).when({ kind: 'PlaceOrder' }).thenThrows('CONFLICT', 'Order o1 is not paid.');
  });

  it('closes a failed checkout once, and only a failed one', () => {
    spec.given(opened, charging, declined).when({ kind: 'CloseCheckout' }).then([{ type: 'CheckoutClosed', data: {} }]);
    spec.given(opened, charging, declined, { type: 'CheckoutClosed', data: {} }).when({ kind: 'CloseCheckout' }).thenNothing();
    spec.given(opened, charging, captured).when({ kind: 'CloseCheckout' }).thenThrows('CONFLICT', 'Order DC-1001 has not failed.');
  });

  it('records the confirmation email once, for a placed order only', () => {
    spec.given(opened, charging, captured, placed).when({ kind: 'RecordConfirmationSent', messageId: 'm1' }).then([
      { type: 'OrderConfirmationSent', data: { messageId: 'm1' } },
    ]);
    const sent: OrderEvent = { type: 'OrderConfirmationSent', data: { messageId: 'm1' } };
    spec.given(opened, charging, captured, placed, sent).when({ kind: 'RecordConfirmationSent', messageId: 'm2' }).thenNothing();
    spec.given(opened, charging, captured).when({ kind: 'RecordConfirmationSent', messageId: 'm1' }).thenNothing();
  });

  describe('fulfilment', () => {
    const shippingOpened: OrderEvent = {
      type: 'CheckoutOpened',
      data: { ...terms, fulfillment: 'shipping', shippingAddress: { address: '1 Crypt Lane', city: 'Salem', state: 'MA', zipCode: '01970', country: 'US' } },
    };
    const paid = [charging, captured, placed];
    const pickup = [opened, ...paid];
    const shipping = [shippingOpened, ...paid];
    const ready: OrderEvent = { type: 'OrderReadyForPickup', data: { note: 'Friday after 4pm at the studio door' } };
    const pickedUp: OrderEvent = { type: 'OrderPickedUp', data: { note: null } };
    const shipped: OrderEvent = { type: 'OrderShipped', data: { carrier: 'USPS', trackingNumber: '9400 1000', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000', note: null } };
    const refundTerms = { refundId: 'r1', amountCents: 6800, lines: [], reason: 'Cancelled' };
    const fullRefund: OrderEvent[] = [
      { type: 'RefundRequested', data: { ...refundTerms, requestedAt: chargeAt } },
      { type: 'OrderRefunded', data: { ...refundTerms, squareRefundId: 'sq-r1' } },
    ];
    const partRefund: OrderEvent[] = [
      { type: 'RefundRequested', data: { ...refundTerms, amountCents: 1000, requestedAt: chargeAt } },
      { type: 'OrderRefunded', data: { ...refundTerms, amountCents: 1000, squareRefundId: 'sq-r1' } },
    ];
    const step = (s: 'ready-for-pickup' | 'shipped' | 'picked-up', extra: { carrier?: string; trackingNumber?: string; note?: string } = {}) => ({ kind: 'RecordFulfilmentStep' as const, step: s, ...extra });
    const stateOf = (...events: OrderEvent[]) => {
      const state = fold(orderDecider, events);
      if (!state.exists) throw new Error('no order');
      return state;
    };

    it('makes a pickup order ready with the studio note, then picked up', () => {
      spec.given(...pickup).when(step('ready-for-pickup', { note: ' Friday after 4pm at the studio door ' })).then([ready]);
      spec.given(...pickup, ready).when(step('picked-up')).then([pickedUp]);
      expect(nextFulfilmentSteps(stateOf(...pickup))).toEqual(['ready-for-pickup', 'picked-up']);
      expect(nextFulfilmentSteps(stateOf(...pickup, ready))).toEqual(['picked-up']);
      expect(nextFulfilmentSteps(stateOf(...pickup, ready, pickedUp))).toEqual([]);
    });

    it('lets a pickup order be picked up straight away: the shopper may turn up early', () => {
      spec.given(...pickup).when(step('picked-up', { note: 'Came early' })).then([{ type: 'OrderPickedUp', data: { note: 'Came early' } }]);
    });

    it('ships a shipping order with its carrier, tracking number and the carrier tracking page', () => {
      spec.given(...shipping).when(step('shipped', { carrier: 'USPS', trackingNumber: '9400 1000' })).then([shipped]);
      spec
        .given(...shipping)
        .when(step('shipped', { carrier: 'Crow Post', trackingNumber: 'CP-1', note: 'Wrapped twice' }))
        .then([{ type: 'OrderShipped', data: { carrier: 'Crow Post', trackingNumber: 'CP-1', trackingUrl: null, note: 'Wrapped twice' } }]);
      spec.given(...shipping).when(step('shipped')).then([{ type: 'OrderShipped', data: { carrier: null, trackingNumber: null, trackingUrl: null, note: null } }]);
      expect(nextFulfilmentSteps(stateOf(...shipping))).toEqual(['shipped']);
      expect(nextFulfilmentSteps(stateOf(...shipping, shipped))).toEqual([]);
    });

    it('takes a repeat of the step the order is at as done already (a double click)', () => {
      spec.given(...pickup, ready).when(step('ready-for-pickup', { note: 'Another note' })).thenNothing();
      spec.given(...pickup, pickedUp).when(step('picked-up')).thenNothing();
      spec.given(...shipping, shipped).when(step('shipped', { carrier: 'UPS', trackingNumber: '1Z' })).thenNothing();
    });

    it('refuses a step of the other method', () => {
      spec.given(...pickup).when(step('shipped', { carrier: 'USPS' })).thenThrows('FULFILMENT_STEP_REFUSED', 'Order DC-1001 is a pickup order: it is made ready for pickup and picked up, never shipped.');
      spec.given(...shipping).when(step('ready-for-pickup')).thenThrows('FULFILMENT_STEP_REFUSED', 'Order DC-1001 is a shipping order: it is shipped, never marked ready for pickup.');
      spec.given(...shipping).when(step('picked-up')).thenThrows('FULFILMENT_STEP_REFUSED', /shipping order/);
    });

    it('refuses to go backwards', () => {
      spec.given(...pickup, pickedUp).when(step('ready-for-pickup')).thenThrows('FULFILMENT_STEP_REFUSED', 'Order DC-1001 is already picked up; it cannot go back to ready for pickup.');
      spec.given(...pickup, ready, pickedUp).when(step('ready-for-pickup')).thenThrows('FULFILMENT_STEP_REFUSED');
    });

    it('refuses an order that is not placed', () => {
      spec.given(opened, charging).when(step('picked-up')).thenThrows('FULFILMENT_STEP_REFUSED', 'Order o1 is not a paid order, so it cannot be marked picked up.');
      spec.given(opened, declined).when(step('ready-for-pickup')).thenThrows('FULFILMENT_STEP_REFUSED');
      spec.given().when(step('shipped')).thenThrows('NOT_FOUND');
    });

    it('refuses a fully refunded order, and fulfils a partly refunded one', () => {
      spec.given(...pickup, ...fullRefund).when(step('ready-for-pickup')).thenThrows('FULFILMENT_STEP_REFUSED', 'Order DC-1001 is fully refunded: there is nothing left to fulfil.');
      spec.given(...shipping, ...fullRefund).when(step('shipped')).thenThrows('FULFILMENT_STEP_REFUSED', /fully refunded/);
      expect(nextFulfilmentSteps(stateOf(...pickup, ...fullRefund))).toEqual([]);
      spec.given(...pickup, ...partRefund).when(step('picked-up')).then([pickedUp]);
    });

    it('records each step email once', () => {
      spec.given(...pickup, ready).when({ kind: 'RecordFulfilmentEmailSent', step: 'ready-for-pickup', messageId: 'm1' }).then([{ type: 'FulfilmentEmailSent', data: { step: 'ready-for-pickup', messageId: 'm1' } }]);
      spec
        .given(...pickup, ready, { type: 'FulfilmentEmailSent', data: { step: 'ready-for-pickup', messageId: 'm1' } })
        .when({ kind: 'RecordFulfilmentEmailSent', step: 'ready-for-pickup', messageId: 'm2' })
        .thenNothing();
      spec.given(...pickup, ready).when({ kind: 'RecordFulfilmentEmailSent', step: 'picked-up', messageId: 'm1' }).thenNothing();
    });

    describe('the route from before the steps (FulfilOrder)', () => {
      it('marks a paid pickup order picked up, once, and ignores a tracking number', () => {
        spec.given(...pickup).when({ kind: 'FulfilOrder', trackingNumber: '9400 1000' }).then([pickedUp]);
        spec.given(...pickup, ready).when({ kind: 'FulfilOrder' }).then([pickedUp]);
        spec.given(...pickup, pickedUp).when({ kind: 'FulfilOrder' }).thenNothing();
      });

      it('ships a shipping order with its tracking number and no carrier, once', () => {
        spec
          .given(...shipping)
          .when({ kind: 'FulfilOrder', trackingNumber: '9400 1000' })
          .then([{ type: 'OrderShipped', data: { carrier: null, trackingNumber: '9400 1000', trackingUrl: null, note: null } }]);
        spec.given(...shipping).when({ kind: 'FulfilOrder' }).then([{ type: 'OrderShipped', data: { carrier: null, trackingNumber: null, trackingUrl: null, note: null } }]);
        spec.given(...shipping, shipped).when({ kind: 'FulfilOrder', trackingNumber: '1' }).thenNothing();
      });

      it('refuses to fulfil an order that is not paid and placed', () => {
        spec.given(opened, charging).when({ kind: 'FulfilOrder' }).thenThrows('FULFILMENT_STEP_REFUSED', /not a paid order/);
        spec.given(opened, declined).when({ kind: 'FulfilOrder' }).thenThrows('FULFILMENT_STEP_REFUSED');
        spec.given().when({ kind: 'FulfilOrder' }).thenThrows('NOT_FOUND');
      });
    });

    it('replays an older OrderFulfilled as its step, with no email owed', () => {
      const oldPickup = stateOf(...pickup, { type: 'OrderFulfilled', data: { as: 'picked-up', trackingNumber: null } });
      expect([oldPickup.fulfilment, oldPickup.fulfilled, oldPickup.steps['picked-up']?.emailSent]).toEqual(['picked-up', 'picked-up', true]);
      const oldShipped = stateOf(...shipping, { type: 'OrderFulfilled', data: { as: 'shipped', trackingNumber: '9400' } });
      expect([oldShipped.fulfilment, oldShipped.steps.shipped?.trackingNumber]).toEqual(['shipped', '9400']);
      spec.given(...shipping, { type: 'OrderFulfilled', data: { as: 'shipped', trackingNumber: '9400' } }).when(step('shipped')).thenNothing();
      spec.given(...pickup, { type: 'OrderFulfilled', data: { as: 'picked-up', trackingNumber: null } }).when(step('ready-for-pickup')).thenThrows('FULFILMENT_STEP_REFUSED', /cannot go back/);
    });
  });
});

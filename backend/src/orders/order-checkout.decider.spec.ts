import { deciderSpec } from '../../test/support/decider-spec';
import { captured, chargeAt, charging, declined, opened, payment, placed, terms } from '../../test/support/order-checkout-events';
import { fold } from '../platform/event-store/decider';
import { orderDecider } from './order.decider';
import { paidTerms } from './order.state';
import type { OrderEvent } from './order.events';

const spec = deciderSpec(orderDecider);

describe('order decider: checkout', () => {
  it('opens a checkout once; a twin request finds it open', () => {
    spec.given().when({ kind: 'OpenCheckout', opened: terms }).then([opened]);
    spec
      .given(opened)
      .when({ kind: 'OpenCheckout', opened: { ...terms, sourceId: 'cnon:other' } })
      .thenNothing();
  });

  describe("the shopper's order note", () => {
    it('travels with the checkout into the order, up to 500 characters', () => {
      const withNote = { ...terms, note: 'A gift: no prices inside, please.' };
      spec
        .given()
        .when({ kind: 'OpenCheckout', opened: withNote })
        .then([{ type: 'CheckoutOpened', data: withNote }]);
      const longest = { ...terms, note: 'x'.repeat(500) };
      spec
        .given()
        .when({ kind: 'OpenCheckout', opened: longest })
        .then([{ type: 'CheckoutOpened', data: longest }]);
      expect(fold(orderDecider, [{ type: 'CheckoutOpened', data: withNote }])).toMatchObject({ opened: { note: 'A gift: no prices inside, please.' } });
    });

    it('refuses a note past 500 characters, or one of blanks only, and opens nothing', () => {
      for (const note of ['x'.repeat(501), '', '  \n '])
        spec
          .given()
          .when({ kind: 'OpenCheckout', opened: { ...terms, note } })
          .thenThrows('INVALID', 'The order note must be 1 to 500 characters.');
    });
  });

  describe('the units one client address may hold through unfinished checkouts', () => {
    const twoLines = { ...terms, clientAddress: '203.0.113.7', lines: [...terms.lines, { productId: 2, name: 'Bat Pin', quantity: 3, unitPriceCents: 900 }] };
    const withLines = { type: 'CheckoutOpened', data: twoLines } as const;

    it('opens a checkout whose units, with those already held, are within the bound (exactly up to it)', () => {
      spec
        .given()
        .when({ kind: 'OpenCheckout', opened: twoLines, hold: { heldUnits: 0, limit: 20 } })
        .then([withLines]);
      spec
        .given()
        .when({ kind: 'OpenCheckout', opened: twoLines, hold: { heldUnits: 16, limit: 20 } })
        .then([withLines]);
    });

    it('refuses one that would pass it, counting every unit of every line, and says how many are held', () => {
      spec
        .given()
        .when({ kind: 'OpenCheckout', opened: twoLines, hold: { heldUnits: 17, limit: 20 } })
        .thenThrows(
          'HOLD_LIMIT',
          'This checkout would hold 4 items while unfinished checkouts from your address hold 17: one address may hold at most 20 at once. Nothing was charged; please try again in a few minutes.',
          { held: 17, limit: 20 },
        );
      spec
        .given()
        .when({ kind: 'OpenCheckout', opened: terms, hold: { heldUnits: 20, limit: 20 } })
        .thenThrows('HOLD_LIMIT', /would hold 1 item while/);
    });

    it('never refuses a twin of a checkout already open: its units are held already', () => {
      spec
        .given(withLines)
        .when({ kind: 'OpenCheckout', opened: twoLines, hold: { heldUnits: 20, limit: 20 } })
        .thenNothing();
    });

    it('opens without a bound when none is given', () => {
      spec.given().when({ kind: 'OpenCheckout', opened: twoLines }).then([withLines]);
    });
  });

  it('refuses commands on an order that does not exist', () => {
    spec.given().when({ kind: 'RequestCharge', at: chargeAt }).thenThrows('NOT_FOUND', 'That order was not found.');
  });

  it('asks for the charge once', () => {
    spec.given(opened).when({ kind: 'RequestCharge', at: chargeAt }).then([charging]);
    spec.given(opened, charging).when({ kind: 'RequestCharge', at: chargeAt }).thenNothing();
    spec.given(opened, declined).when({ kind: 'RequestCharge', at: chargeAt }).thenNothing();
  });

  it('remembers when the charge was asked for: a missing payment may still land until the longest charge is past', () => {
    const state = fold(orderDecider, [opened, charging]);
    expect(state.exists && [state.status, state.chargeRequestedAt]).toEqual(['charging', chargeAt]);
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
    spec
      .given(opened, charging)
      .when({ kind: 'RecordPayment', payment: { ...payment, orderNumber: undefined } })
      .thenThrows('CONFLICT', 'Order o1 cannot take a payment without its order number.');
    // An order opened with its number (before numbers waited for the payment) keeps it.
    const openedNumbered: OrderEvent = { type: 'CheckoutOpened', data: { ...terms, orderNumber: 'DC-0999' } };
    const keptNumber: OrderEvent = { type: 'PaymentCaptured', data: { ...payment, orderNumber: 'DC-0999' } };
    spec.given(openedNumbered, charging).when({ kind: 'RecordPayment', payment }).then([keptNumber]);
    spec
      .given(openedNumbered, charging)
      .when({ kind: 'RecordPayment', payment: { ...payment, orderNumber: undefined } })
      .then([keptNumber]);
    const { orderNumber: _none, ...paymentRecordedBefore } = payment;
    expect(numberOf(openedNumbered, charging, { type: 'PaymentCaptured', data: paymentRecordedBefore })).toBe('DC-0999');
    spec
      .given(openedNumbered, charging, { type: 'PaymentCaptured', data: paymentRecordedBefore })
      .when({ kind: 'PlaceOrder' })
      .then([{ type: 'OrderPlaced', data: { orderNumber: 'DC-0999' } }]);
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
    const failed: OrderEvent = { type: 'PaymentFailed', data: failure };
    spec.given(opened).when({ kind: 'RecordFailure', failure }).then([failed]);
    spec.given(opened, charging).when({ kind: 'RecordFailure', failure }).then([failed]);
    spec.given(opened, charging, declined).when({ kind: 'RecordFailure', failure }).thenNothing();
    spec.given(opened, charging, captured).when({ kind: 'RecordFailure', failure }).thenNothing();
  });

  it('takes a refusal before the charge only while the order is opened: never on one being charged', () => {
    const failure = { code: 'CART_CHANGED', message: 'Your cart changed while you were paying. Please review it and try again.' };
    const refused: OrderEvent = { type: 'PaymentFailed', data: failure };
    spec.given(opened).when({ kind: 'RefuseCheckout', failure }).then([refused]);
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
    spec
      .given(opened, charging, declined)
      .when({ kind: 'CloseCheckout' })
      .then([{ type: 'CheckoutClosed', data: {} }]);
    spec.given(opened, charging, declined, { type: 'CheckoutClosed', data: {} }).when({ kind: 'CloseCheckout' }).thenNothing();
    spec.given(opened, charging, captured).when({ kind: 'CloseCheckout' }).thenThrows('CONFLICT', 'Order DC-1001 has not failed.');
  });

  it('records the confirmation email once, for a placed order only', () => {
    spec
      .given(opened, charging, captured, placed)
      .when({ kind: 'RecordConfirmationSent', messageId: 'm1' })
      .then([{ type: 'OrderConfirmationSent', data: { messageId: 'm1' } }]);
    const sent: OrderEvent = { type: 'OrderConfirmationSent', data: { messageId: 'm1' } };
    spec.given(opened, charging, captured, placed, sent).when({ kind: 'RecordConfirmationSent', messageId: 'm2' }).thenNothing();
    spec.given(opened, charging, captured).when({ kind: 'RecordConfirmationSent', messageId: 'm1' }).thenNothing();
  });
});

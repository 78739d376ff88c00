import { deciderSpec } from '../../test/support/decider-spec';
import { captured, charging, declined, opened, placed, terms } from '../../test/support/order-checkout-events';
import { fold } from '../platform/event-store/decider';
import { orderDecider } from './order.decider';
import type { OrderEvent } from './order.events';

const spec = deciderSpec(orderDecider);
const record = { kind: 'RecordSquareOrder', squareOrderId: 'SQ1', totalCents: terms.totalCents } as const;
const squareOrder: OrderEvent = { type: 'SquareOrderOpened', data: { squareOrderId: 'SQ1', totalCents: terms.totalCents } };

describe('order decider: the Square order', () => {
  it('records the Square order of a checkout being charged, once', () => {
    spec.given(opened, charging).when(record).then([squareOrder]);
    spec.given(opened, charging, squareOrder).when(record).thenNothing();
  });

  it('keeps one Square order per checkout', () => {
    spec
      .given(opened, charging, squareOrder)
      .when({ ...record, squareOrderId: 'SQ2' })
      .thenThrows('CONFLICT', /already has Square order SQ1/);
  });

  it('never records an order Square priced otherwise than the shop', () => {
    spec
      .given(opened, charging)
      .when({ ...record, totalCents: terms.totalCents + 1 })
      .thenThrows('SQUARE_TOTAL_MISMATCH', /at 6801 cents, the shop at 6800/);
    spec
      .given(opened, charging)
      .when({ ...record, totalCents: terms.totalCents - 1 })
      .thenThrows('SQUARE_TOTAL_MISMATCH');
  });

  it('records nothing for a checkout not being charged: not yet, or settled already', () => {
    spec.given(opened).when(record).thenNothing();
    spec.given(opened, charging, declined).when(record).thenNothing();
    spec.given(opened, charging, captured).when(record).thenNothing();
  });

  it('remembers the Square order on the order, whatever comes after', () => {
    const state = fold(orderDecider, [opened, charging, squareOrder, captured]);
    expect(state).toMatchObject({ status: 'paid', squareOrder: { id: 'SQ1', totalCents: 6800 } });
    expect(fold(orderDecider, [opened, charging])).not.toHaveProperty('squareOrder');
  });

  it('records which variation each line was booked as, and the lines that went ad hoc because Square had lost their variation', () => {
    const adHocLines = [{ line: 0, variationId: 'GONE' }];
    spec
      .given(opened, charging)
      .when({ ...record, lineVariations: [null], adHocLines })
      .then([{ type: 'SquareOrderOpened', data: { squareOrderId: 'SQ1', totalCents: terms.totalCents, lineVariations: [null], adHocLines } }]);
    // No line lost its variation: nothing said of ad hoc lines.
    spec
      .given(opened, charging)
      .when({ ...record, lineVariations: ['VAR'], adHocLines: [] })
      .then([{ type: 'SquareOrderOpened', data: { squareOrderId: 'SQ1', totalCents: terms.totalCents, lineVariations: ['VAR'] } }]);
    const booked: OrderEvent = { type: 'SquareOrderOpened', data: { squareOrderId: 'SQ1', totalCents: terms.totalCents, lineVariations: [null], adHocLines } };
    expect(fold(orderDecider, [opened, charging, booked])).toMatchObject({ squareOrder: { id: 'SQ1', totalCents: terms.totalCents, lineVariations: [null], adHocLines } });
    // An order booked before lines were recorded says nothing of them.
    expect(fold(orderDecider, [opened, charging, squareOrder])).toMatchObject({ squareOrder: { id: 'SQ1', totalCents: terms.totalCents } });
    expect(Object.keys((fold(orderDecider, [opened, charging, squareOrder, captured]) as { squareOrder: object }).squareOrder)).toEqual(['id', 'totalCents']);
  });
});

describe('order decider: the Square order carries the number once paid', () => {
  const number = { kind: 'RecordSquareOrderNumber', squareOrderId: 'SQ1', referenceId: 'DC-1001' } as const;
  const numbered: OrderEvent = { type: 'SquareOrderNumbered', data: { squareOrderId: 'SQ1', referenceId: 'DC-1001' } };

  it("records the paid order's number on its Square order, once", () => {
    spec.given(opened, charging, squareOrder, captured).when(number).then([numbered]);
    spec.given(opened, charging, squareOrder, captured, placed).when(number).then([numbered]);
    spec.given(opened, charging, squareOrder, captured, numbered).when(number).thenNothing();
    spec.given(opened, charging, squareOrder, captured, numbered, placed).when(number).thenNothing();
    expect(fold(orderDecider, [opened, charging, squareOrder, captured, numbered])).toMatchObject({ squareOrder: { id: 'SQ1', numberedAs: 'DC-1001' } });
  });

  it('numbers no order before it is paid: numbers go to paid orders only', () => {
    spec
      .given(opened, charging, squareOrder)
      .when(number)
      .thenThrows('CONFLICT', /order o1 is not paid/i);
    spec
      .given(opened, charging, squareOrder, declined)
      .when(number)
      .thenThrows('CONFLICT', /not paid/);
  });

  it("takes only the order's own number, on its own Square order", () => {
    spec
      .given(opened, charging, captured)
      .when(number)
      .thenThrows('CONFLICT', /DC-1001 has no Square order/);
    spec
      .given(opened, charging, squareOrder, captured)
      .when({ ...number, squareOrderId: 'SQ2' })
      .thenThrows('CONFLICT', /booked as Square order SQ1, not SQ2/);
    spec
      .given(opened, charging, squareOrder, captured)
      .when({ ...number, referenceId: 'DC-1002' })
      .thenThrows('INVALID', /DC-1002 is not the number of order DC-1001/);
  });

  it('a number event without a Square order changes nothing', () => {
    const state = fold(orderDecider, [opened, charging, captured, numbered]);
    expect(state).not.toHaveProperty('squareOrder');
  });
});

import { deciderSpec } from '../../test/support/decider-spec';
import { captured, charging, declined, opened, terms } from '../../test/support/order-checkout-events';
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
});

import { deciderSpec } from '../../test/support/decider-spec';
import { captured, charging, opened, placed, terms } from '../../test/support/order-checkout-events';
import { fold } from '../platform/event-store/decider';
import { orderDecider } from './order.decider';
import type { OrderEvent } from './order.events';
import { squareFulfillmentOwed, squareFulfillmentSync, stepOfSquare } from './order-square-fulfillment.decider';
import type { SquareFulfillmentState } from './square-fulfillment.events';

const spec = deciderSpec(orderDecider);

const squareOrder: OrderEvent = { type: 'SquareOrderOpened', data: { squareOrderId: 'SQ1', totalCents: terms.totalCents } };
const shippingOpened: OrderEvent = {
  type: 'CheckoutOpened',
  data: { ...terms, fulfillment: 'shipping', shippingAddress: { address: '1 Crypt Lane', city: 'Salem', state: 'MA', zipCode: '01970', country: 'US' } },
};
const pickup = [opened, charging, squareOrder, captured, placed];
const shipping = [shippingOpened, charging, squareOrder, captured, placed];
const ready: OrderEvent = { type: 'OrderReadyForPickup', data: { note: null } };
const pickedUp: OrderEvent = { type: 'OrderPickedUp', data: { note: null } };
const shipped: OrderEvent = {
  type: 'OrderShipped',
  data: { carrier: 'USPS', trackingNumber: '9400 1000', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000', note: null },
};
const synced = (squareState: SquareFulfillmentState, squareVersion: number): OrderEvent => ({ type: 'SquareFulfillmentSynced', data: { squareState, squareVersion } });
const refused: OrderEvent = { type: 'SquareFulfillmentRefused', data: { step: 'ready-for-pickup', code: 'BAD_REQUEST', message: 'No.' } };

const seen = (state: SquareFulfillmentState, squareVersion: number, extra: { type?: string; deliveredVersion?: number; carrier?: string | null; trackingNumber?: string | null } = {}) => ({
  kind: 'RecordSquareFulfillment' as const,
  type: 'PICKUP',
  state,
  squareVersion,
  ...extra,
});
const refusal = { kind: 'RecordSquareFulfillmentRefusal', step: 'ready-for-pickup', code: 'BAD_REQUEST', message: 'No.' } as const;

const stateOf = (...events: OrderEvent[]) => {
  const state = fold(orderDecider, events);
  if (!state.exists) throw new Error('no order');
  return state;
};

describe('order decider: the Square fulfillment follows the shop, and the shop Square', () => {
  it('records the step the studio took in Square, with Square’s tracking, once, and what Square holds beside it', () => {
    spec
      .given(...pickup)
      .when(seen('PREPARED', 4))
      .then([ready, synced('PREPARED', 4)]);
    spec
      .given(...pickup, ready, synced('PREPARED', 4))
      .when(seen('COMPLETED', 5))
      .then([pickedUp, synced('COMPLETED', 5)]);
    spec
      .given(...pickup)
      .when(seen('COMPLETED', 3))
      .then([pickedUp, synced('COMPLETED', 3)]);
    spec
      .given(...shipping)
      .when(seen('COMPLETED', 5, { type: 'SHIPMENT', carrier: ' USPS ', trackingNumber: '9400 1000' }))
      .then([shipped, synced('COMPLETED', 5)]);
    spec
      .given(...shipping)
      .when(seen('COMPLETED', 5, { type: 'SHIPMENT', carrier: null, trackingNumber: null }))
      .then([{ type: 'OrderShipped', data: { carrier: null, trackingNumber: null, trackingUrl: null, note: null } }, synced('COMPLETED', 5)]);
    // Square's state seen already, its step not taken yet: the step, at the newer version.
    spec
      .given(...pickup, synced('PREPARED', 4))
      .when(seen('PREPARED', 5))
      .then([ready, synced('PREPARED', 5)]);
  });

  it('records no step for an echo of the shop’s own, nor for one behind it, only what Square holds when it moved', () => {
    spec
      .given(...pickup, ready)
      .when(seen('PREPARED', 4))
      .then([synced('PREPARED', 4)]);
    spec
      .given(...pickup, ready, synced('PREPARED', 4))
      .when(seen('PREPARED', 5))
      .thenNothing();
    spec
      .given(...pickup, pickedUp)
      .when(seen('PREPARED', 4))
      .then([synced('PREPARED', 4)]);
    spec
      .given(...shipping, shipped)
      .when(seen('COMPLETED', 6, { type: 'SHIPMENT', trackingNumber: 'OTHER' }))
      .then([synced('COMPLETED', 6)]);
  });

  it('records the states the shop has no step for as Square’s only: accepted, a packed shipment, canceled', () => {
    spec
      .given(...pickup)
      .when(seen('RESERVED', 3))
      .then([synced('RESERVED', 3)]);
    spec
      .given(...shipping)
      .when(seen('PREPARED', 3, { type: 'SHIPMENT' }))
      .then([synced('PREPARED', 3)]);
    spec
      .given(...pickup)
      .when(seen('CANCELED', 3))
      .then([synced('CANCELED', 3)]);
    spec
      .given(...pickup)
      .when(seen('PROPOSED', 3))
      .thenNothing();
  });

  it('ignores a delivery naming an older or the same version than the one seen', () => {
    spec
      .given(...pickup, synced('RESERVED', 4))
      .when(seen('PREPARED', 4))
      .thenNothing();
    spec
      .given(...pickup, synced('RESERVED', 4))
      .when(seen('PREPARED', 3))
      .thenNothing();
    spec
      .given(...pickup, synced('RESERVED', 4))
      .when(seen('PREPARED', 6, { deliveredVersion: 4 }))
      .thenNothing();
    spec
      .given(...pickup, synced('RESERVED', 4))
      .when(seen('PREPARED', 6, { deliveredVersion: 5 }))
      .then([ready, synced('PREPARED', 6)]);
  });

  it('records nothing on an order without a Square order or not placed, and no step the order cannot take', () => {
    spec.given(opened, charging, captured, placed).when(seen('COMPLETED', 3)).thenNothing();
    spec.given(opened, charging, squareOrder, captured).when(seen('COMPLETED', 3)).thenNothing();
    // A shipment's step on a pickup order, an unknown type: Square's state only.
    spec
      .given(...pickup)
      .when(seen('COMPLETED', 3, { type: 'SHIPMENT' }))
      .then([synced('COMPLETED', 3)]);
    spec
      .given(...pickup)
      .when(seen('COMPLETED', 3, { type: 'DELIVERY' }))
      .then([synced('COMPLETED', 3)]);
    const refund = { refundId: 'r1', amountCents: terms.totalCents, lines: [], reason: 'Cancelled' };
    spec
      .given(...pickup, { type: 'RefundRequested', data: { ...refund, requestedAt: '2026-11-24T12:00:00.000Z' } }, { type: 'OrderRefunded', data: { ...refund, squareRefundId: 'sq-r1' } })
      .when(seen('COMPLETED', 3))
      .then([synced('COMPLETED', 3)]);
  });

  it('records Square’s refusal of a step once, and none without a Square order', () => {
    spec
      .given(...pickup, ready)
      .when(refusal)
      .then([refused]);
    spec
      .given(...pickup, ready, refused)
      .when(refusal)
      .thenNothing();
    spec
      .given(...pickup, ready, refused, pickedUp)
      .when({ ...refusal, step: 'picked-up' })
      .then([{ type: 'SquareFulfillmentRefused', data: { ...refused.data, step: 'picked-up' } }]);
    spec.given(opened, charging, captured, placed, ready).when(refusal).thenNothing();
  });

  it('names the shop step each Square state stands for', () => {
    expect(stepOfSquare('PICKUP', 'PREPARED')).toBe('ready-for-pickup');
    expect(stepOfSquare('PICKUP', 'COMPLETED')).toBe('picked-up');
    expect(stepOfSquare('SHIPMENT', 'COMPLETED')).toBe('shipped');
    expect(stepOfSquare('SHIPMENT', 'PREPARED')).toBeUndefined();
    expect(stepOfSquare('PICKUP', 'RESERVED')).toBeUndefined();
    expect(stepOfSquare('DELIVERY', 'COMPLETED')).toBeUndefined();
    expect(stepOfSquare('PICKUP', 'CANCELED')).toBeUndefined();
  });

  it('owes Square the state of the shop’s step until Square has it or past it', () => {
    expect(squareFulfillmentOwed(stateOf(...pickup))).toBeUndefined();
    expect(squareFulfillmentOwed(stateOf(...pickup, ready))).toBe('PREPARED');
    expect(squareFulfillmentOwed(stateOf(...pickup, ready, synced('RESERVED', 3)))).toBe('PREPARED');
    expect(squareFulfillmentOwed(stateOf(...pickup, ready, synced('PREPARED', 4)))).toBeUndefined();
    expect(squareFulfillmentOwed(stateOf(...pickup, ready, synced('COMPLETED', 4)))).toBeUndefined();
    expect(squareFulfillmentOwed(stateOf(...pickup, ready, synced('PREPARED', 4), pickedUp))).toBe('COMPLETED');
    expect(squareFulfillmentOwed(stateOf(...pickup, pickedUp))).toBe('COMPLETED');
    expect(squareFulfillmentOwed(stateOf(...shipping, shipped))).toBe('COMPLETED');
    expect(squareFulfillmentOwed(stateOf(...shipping, shipped, synced('COMPLETED', 5)))).toBeUndefined();
    // Older orders have no Square order; a canceled fulfillment or a refused step is asked no more.
    expect(squareFulfillmentOwed(stateOf(opened, charging, captured, placed, ready))).toBeUndefined();
    expect(squareFulfillmentOwed(stateOf(...pickup, ready, synced('CANCELED', 4)))).toBeUndefined();
    expect(squareFulfillmentOwed(stateOf(...pickup, ready, synced('FAILED', 4)))).toBeUndefined();
    expect(squareFulfillmentOwed(stateOf(...pickup, ready, refused))).toBeUndefined();
    expect(squareFulfillmentOwed(stateOf(...pickup, ready, refused, pickedUp))).toBe('COMPLETED');
  });

  it('says whether Square follows: in step, waiting, refused, or ended there', () => {
    expect(squareFulfillmentSync(stateOf(opened, charging, captured, placed, ready))).toBeUndefined();
    expect(squareFulfillmentSync(stateOf(...pickup))).toBe('in-step');
    expect(squareFulfillmentSync(stateOf(...pickup, ready))).toBe('waiting');
    expect(squareFulfillmentSync(stateOf(...pickup, ready, synced('PREPARED', 4)))).toBe('in-step');
    expect(squareFulfillmentSync(stateOf(...pickup, ready, refused))).toBe('refused');
    // A refusal is news no longer once Square moved on.
    expect(squareFulfillmentSync(stateOf(...pickup, ready, refused, synced('PREPARED', 5)))).toBe('in-step');
    expect(squareFulfillmentSync(stateOf(...pickup, ready, refused, pickedUp))).toBe('waiting');
    expect(squareFulfillmentSync(stateOf(...pickup, synced('CANCELED', 3)))).toBe('ended');
    expect(squareFulfillmentSync(stateOf(...pickup, synced('FAILED', 3)))).toBe('ended');
  });

  it('knows no order Square reports before it was opened', () => {
    expect(fold(orderDecider, [])).toEqual({ exists: false });
    expect(fold(orderDecider, [synced('PREPARED', 4), ready])).toEqual({ exists: false });
    spec.given().when(seen('PREPARED', 4)).thenThrows('NOT_FOUND');
  });

  it('keeps what Square holds, from the order as made on', () => {
    expect(stateOf(...pickup).squareFulfillment).toEqual({ state: 'PROPOSED', version: 0 });
    expect(stateOf(...pickup, synced('RESERVED', 3)).squareFulfillment).toEqual({ state: 'RESERVED', version: 3 });
    expect(stateOf(...pickup, ready, refused).squareFulfillment).toEqual({ state: 'PROPOSED', version: 0, refused: refused.data });
    expect(stateOf(opened, charging, captured, placed, refused)).not.toHaveProperty('squareFulfillment');
    expect(stateOf(...pickup, ready).fulfillmentStatus).toBe('ready-for-pickup');
  });
});

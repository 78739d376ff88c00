import { Square, SquareClient, SquareError } from 'square';
import type { SquareSettings } from '../square-settings';
import { SquareFulfillments } from './square-fulfillments';

const mismatch = () => new SquareError({ statusCode: 400, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'VERSION_MISMATCH', detail: 'stale' }] } });

/** Square's orders as far as the walk needs them: a version check, one step at a time, and another change slipped in when asked. */
class OrdersStandIn {
  updates: Square.UpdateOrderRequest[] = [];
  /** The per-call options each call was sent with. */
  options: unknown[] = [];
  /** Moves the order on (another change) just before each of the next `n` updates is read. */
  interleave = 0;
  refuse?: SquareError;

  constructor(public order: Square.Order) {}

  get = async (_request: unknown, options?: unknown) => {
    this.options.push(options);
    return { order: structuredClone(this.order) };
  };

  update = async (request: Square.UpdateOrderRequest, options?: unknown) => {
    this.options.push(options);
    this.updates.push(structuredClone(request));
    if (this.refuse) throw this.refuse;
    if (this.interleave > 0) {
      this.interleave--;
      this.order = { ...this.order, version: this.order.version! + 1 };
    }
    if (request.order!.version !== this.order.version) throw mismatch();
    const [change] = request.order!.fulfillments!;
    const [current] = this.order.fulfillments!;
    this.order = {
      ...this.order,
      version: this.order.version! + 1,
      fulfillments: [{ ...current, state: change!.state, ...(change!.shipmentDetails ? { shipmentDetails: { ...current!.shipmentDetails, ...change!.shipmentDetails } } : {}) }],
    };
    return { order: structuredClone(this.order) };
  };
}

const settings = { locationId: 'L1', timeoutMs: 2000 } as SquareSettings;
const order = (type: Square.FulfillmentType, state: Square.FulfillmentState): Square.Order => ({
  id: 'SQ1',
  locationId: 'L1',
  version: 3,
  referenceId: 'DC-1001',
  fulfillments: [{ uid: 'F1', type, state }],
});
const walk = (orders: OrdersStandIn) => new SquareFulfillments({ orders } as unknown as SquareClient, settings);

describe('SquareFulfillments: moving a Square order fulfillment as Square does, one step at a time', () => {
  it('walks a pickup to PREPARED through RESERVED, each update at the version it read, keyed by order, step and version', async () => {
    const orders = new OrdersStandIn(order('PICKUP', 'PROPOSED'));
    const answer = await walk(orders).moveTo('SQ1', 'PREPARED');
    expect(answer).toEqual({
      ok: true,
      value: { orderId: 'SQ1', version: 5, locationId: 'L1', referenceId: 'DC-1001', uid: 'F1', type: 'PICKUP', state: 'PREPARED', carrier: null, trackingNumber: null },
    });
    expect(orders.updates.map((u) => [u.idempotencyKey, u.order!.version, u.order!.fulfillments])).toEqual([
      ['fulfil-SQ1-reserved-v3', 3, [{ uid: 'F1', state: 'RESERVED' }]],
      ['fulfil-SQ1-prepared-v4', 4, [{ uid: 'F1', state: 'PREPARED' }]],
    ]);
    // Each call bounded by the shop's Square timeout, never retried by the SDK behind the walk's back.
    expect(orders.options).toEqual([1, 2, 3].map(() => ({ timeoutInSeconds: 2, maxRetries: 0 })));
  });

  it('sends the carrier, tracking number and page with the step that completes a shipment', async () => {
    const orders = new OrdersStandIn(order('SHIPMENT', 'RESERVED'));
    const shipment = { carrier: 'USPS', trackingNumber: '9400 1', trackingUrl: 'https://tools.usps.com/x' };
    const answer = await walk(orders).moveTo('SQ1', 'COMPLETED', shipment);
    expect(orders.updates.map((u) => u.order!.fulfillments![0])).toEqual([
      { uid: 'F1', state: 'PREPARED' },
      { uid: 'F1', state: 'COMPLETED', shipmentDetails: { carrier: 'USPS', trackingNumber: '9400 1', trackingUrl: 'https://tools.usps.com/x' } },
    ]);
    expect(answer).toMatchObject({ ok: true, value: { state: 'COMPLETED', carrier: 'USPS', trackingNumber: '9400 1' } });
    // A carrier alone goes alone; a pickup never carries shipment details.
    const carrierOnly = new OrdersStandIn(order('SHIPMENT', 'PREPARED'));
    await walk(carrierOnly).moveTo('SQ1', 'COMPLETED', { carrier: 'UPS', trackingNumber: null, trackingUrl: null });
    expect(carrierOnly.updates[0]!.order!.fulfillments).toEqual([{ uid: 'F1', state: 'COMPLETED', shipmentDetails: { carrier: 'UPS' } }]);
    const nothing = new OrdersStandIn(order('SHIPMENT', 'PREPARED'));
    await walk(nothing).moveTo('SQ1', 'COMPLETED', { carrier: null, trackingNumber: null, trackingUrl: null });
    expect(nothing.updates[0]!.order!.fulfillments).toEqual([{ uid: 'F1', state: 'COMPLETED' }]);
    const pickup = new OrdersStandIn(order('PICKUP', 'PREPARED'));
    await walk(pickup).moveTo('SQ1', 'COMPLETED', shipment);
    expect(pickup.updates[0]!.order!.fulfillments).toEqual([{ uid: 'F1', state: 'COMPLETED' }]);
  });

  it('reads the order again when another change moved it (VERSION_MISMATCH) and goes on at the new version', async () => {
    const orders = new OrdersStandIn(order('PICKUP', 'RESERVED'));
    orders.interleave = 2;
    const answer = await walk(orders).moveTo('SQ1', 'PREPARED');
    expect(answer).toMatchObject({ ok: true, value: { state: 'PREPARED', version: 6 } });
    expect(orders.updates.map((u) => u.idempotencyKey)).toEqual(['fulfil-SQ1-prepared-v3', 'fulfil-SQ1-prepared-v4', 'fulfil-SQ1-prepared-v5']);
  });

  it('asks nothing when Square is there already, past it, or the fulfillment ended', async () => {
    for (const [state, target] of [
      ['PREPARED', 'PREPARED'],
      ['COMPLETED', 'PREPARED'],
      ['CANCELED', 'COMPLETED'],
      ['FAILED', 'COMPLETED'],
    ] as const) {
      const orders = new OrdersStandIn(order('PICKUP', state));
      expect(await walk(orders).moveTo('SQ1', target)).toMatchObject({ ok: true, value: { state } });
      expect(orders.updates).toEqual([]);
    }
  });

  it("answers Square's refusal, its silence, and an order without a fulfillment as they are", async () => {
    const refused = new OrdersStandIn(order('PICKUP', 'PROPOSED'));
    refused.refuse = new SquareError({ statusCode: 400, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST', detail: 'No.' }] } });
    expect(await walk(refused).moveTo('SQ1', 'PREPARED')).toMatchObject({ ok: false, failure: { kind: 'rejected', code: 'BAD_REQUEST', detail: 'No.' } });
    const away = new OrdersStandIn(order('PICKUP', 'PROPOSED'));
    away.refuse = new SquareError({ statusCode: 503, body: { errors: [{ category: 'API_ERROR', code: 'SERVICE_UNAVAILABLE' }] } });
    expect(await walk(away).moveTo('SQ1', 'PREPARED')).toMatchObject({ ok: false, failure: { kind: 'unknown' } });
    expect(away.updates).toHaveLength(1);
    const bare = new OrdersStandIn({ id: 'SQ1', locationId: 'L1', version: 2 });
    expect(await walk(bare).moveTo('SQ1', 'PREPARED')).toEqual({ ok: true, value: undefined });
    const missing = new OrdersStandIn(order('PICKUP', 'PROPOSED'));
    missing.get = async () => {
      throw new SquareError({ statusCode: 404, body: { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND' }] } });
    };
    expect(await walk(missing).read('SQ1')).toEqual({ ok: true, value: undefined });
    for (const error of [new SquareError({ statusCode: 503, body: { errors: [{ category: 'API_ERROR', code: 'SERVICE_UNAVAILABLE' }] } }), new Error('socket hang up')]) {
      const unreadable = new OrdersStandIn(order('PICKUP', 'PROPOSED'));
      unreadable.get = async () => {
        throw error;
      };
      expect(await walk(unreadable).moveTo('SQ1', 'PREPARED')).toMatchObject({ ok: false, failure: { kind: 'unknown' } });
      expect(unreadable.updates).toEqual([]);
    }
  });

  it("keeps a readable length of Square's carrier and tracking number", async () => {
    const orders = new OrdersStandIn({
      ...order('SHIPMENT', 'COMPLETED'),
      fulfillments: [{ uid: 'F1', type: 'SHIPMENT', state: 'COMPLETED', shipmentDetails: { carrier: ' USPS ', trackingNumber: '9'.repeat(150) } }],
    });
    expect(await walk(orders).read('SQ1')).toMatchObject({ ok: true, value: { carrier: 'USPS', trackingNumber: '9'.repeat(100) } });
  });

  it('gives up, without a verdict, on an order that keeps changing under it', async () => {
    const orders = new OrdersStandIn(order('PICKUP', 'PROPOSED'));
    orders.interleave = 100;
    expect(await walk(orders).moveTo('SQ1', 'COMPLETED')).toMatchObject({ ok: false, failure: { kind: 'unknown', message: expect.stringMatching(/kept changing/) } });
    expect(orders.updates).toHaveLength(10);
  });
});

import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serialization, WebhooksHelper, type Square } from 'square';
import { EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { schemaProblems, squareError, startTestEmulator, wire } from '../support/square-emulator';

/** The emulator's orders, driven by the `square` SDK and checked on the wire against the SDK's own schemas. */
describe('Square emulator: orders', () => {
  let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
  let hoodie: { id: string; price: bigint };
  let patch: { id: string; price: bigint };
  const key = () => randomUUID();

  beforeAll(async () => {
    emulator = await startTestEmulator();
    const items = (await emulator.client.catalog.list({ types: 'ITEM' })).data as Square.CatalogObject.Item[];
    const variations = items.flatMap((i) => i.itemData!.variations! as Square.CatalogObject.ItemVariation[]);
    const [a, b] = variations;
    hoodie = { id: a.id, price: a.itemVariationData!.priceMoney!.amount! };
    patch = { id: b.id, price: b.itemVariationData!.priceMoney!.amount! };
  });
  afterAll(async () => {
    await emulator.close();
    await emulator.removeData();
  });
  afterEach(() => emulator.faults.clear());

  const count = async (id: string) => {
    const { data } = await emulator.client.inventory.batchGetCounts({ catalogObjectIds: [id], locationIds: [EMULATOR_LOCATION_ID], states: ['IN_STOCK'] });
    return Number(data[0]?.quantity ?? 0);
  };

  const shippedOrder = (extra: Partial<Square.Order> = {}): Square.Order => ({
    locationId: EMULATOR_LOCATION_ID,
    referenceId: 'checkout-1',
    source: { name: 'Dark Circle' },
    lineItems: [
      { catalogObjectId: hoodie.id, quantity: '2', basePriceMoney: { amount: hoodie.price, currency: 'USD' } },
      { name: 'Moth patch', quantity: '1', basePriceMoney: { amount: 900n, currency: 'USD' } },
    ],
    discounts: [{ uid: 'code', name: 'DARKCIRCLE10', type: 'FIXED_AMOUNT', amountMoney: { amount: 500n, currency: 'USD' }, scope: 'ORDER' }],
    serviceCharges: [{ name: 'Shipping', amountMoney: { amount: 650n, currency: 'USD' }, calculationPhase: 'TOTAL_PHASE' }],
    fulfillments: [
      {
        type: 'SHIPMENT',
        shipmentDetails: {
          recipient: {
            displayName: 'Raven Ash',
            emailAddress: 'raven@example.com',
            address: { addressLine1: '1 Crow St', locality: 'Salem', administrativeDistrictLevel1: 'MA', postalCode: '01970', country: 'US' },
          },
        },
      },
    ],
    ...extra,
  });

  it('creates a priced order once per key, and reads it back by id, in a batch and by search', async () => {
    const idempotencyKey = key();
    const { order } = await emulator.client.orders.create({ idempotencyKey, order: shippedOrder() });
    const gross = hoodie.price * 2n + 900n;
    expect(order).toMatchObject({
      state: 'OPEN',
      version: 1,
      referenceId: 'checkout-1',
      source: { name: 'Dark Circle' },
      totalMoney: { amount: gross - 500n + 650n, currency: 'USD' },
      totalDiscountMoney: { amount: 500n },
      totalServiceChargeMoney: { amount: 650n },
      netAmountDueMoney: { amount: gross - 500n + 650n },
      discounts: [{ name: 'DARKCIRCLE10', appliedMoney: { amount: 500n } }],
      serviceCharges: [{ name: 'Shipping', totalMoney: { amount: 650n } }],
      fulfillments: [{ type: 'SHIPMENT', state: 'PROPOSED' }],
    });
    expect(order!.lineItems!.map((l) => [l.catalogObjectId, l.quantity, l.grossSalesMoney?.amount])).toEqual([
      [hoodie.id, '2', hoodie.price * 2n],
      [undefined, '1', 900n],
    ]);
    // The order's discount is spread over its lines and adds up to the amount asked for.
    expect(order!.lineItems!.reduce((sum, l) => sum + l.totalDiscountMoney!.amount!, 0n)).toBe(500n);
    expect(order!.lineItems![0].variationName).toBeTruthy();

    const again = await emulator.client.orders.create({ idempotencyKey, order: shippedOrder() });
    expect(again.order?.id).toBe(order?.id);

    const raw = await wire(emulator, 'GET', `/v2/orders/${order!.id}`);
    expect(schemaProblems(serialization.GetOrderResponse, raw.body)).toEqual([]);
    const created = await wire(emulator, 'POST', '/v2/orders', {
      idempotency_key: key(),
      order: { location_id: EMULATOR_LOCATION_ID, line_items: [{ catalog_object_id: patch.id, quantity: '1' }] },
    });
    expect(created.body.order.total_money).toEqual({ amount: Number(patch.price), currency: 'USD' });
    expect(schemaProblems(serialization.CreateOrderResponse, created.body)).toEqual([]);

    const batch = await wire(emulator, 'POST', '/v2/orders/batch-retrieve', { order_ids: [order!.id, 'nope', created.body.order.id] });
    expect(batch.body.orders.map((o: { id: string }) => o.id)).toEqual([order!.id, created.body.order.id]);
    expect(schemaProblems(serialization.BatchGetOrdersResponse, batch.body)).toEqual([]);

    const search = await wire(emulator, 'POST', '/v2/orders/search', {
      location_ids: [EMULATOR_LOCATION_ID],
      query: { filter: { fulfillment_filter: { fulfillment_types: ['SHIPMENT'] }, source_filter: { source_names: ['Dark Circle'] } }, sort: { sort_field: 'CREATED_AT', sort_order: 'ASC' } },
    });
    expect(search.body.orders.map((o: { id: string }) => o.id)).toEqual([order!.id]);
    expect(schemaProblems(serialization.SearchOrdersResponse, search.body)).toEqual([]);
    const entries = await wire(emulator, 'POST', '/v2/orders/search', { location_ids: [EMULATOR_LOCATION_ID], return_entries: true, limit: 1 });
    expect(entries.body.order_entries).toHaveLength(1);
    expect(entries.body.cursor).toBeTruthy();
    expect(schemaProblems(serialization.SearchOrdersResponse, entries.body)).toEqual([]);

    const calculated = await wire(emulator, 'POST', '/v2/orders/calculate', {
      order: {
        location_id: EMULATOR_LOCATION_ID,
        line_items: [{ name: 'Pin', quantity: '3', base_price_money: { amount: 333, currency: 'USD' } }],
        discounts: [{ name: 'TEN', type: 'FIXED_PERCENTAGE', percentage: '10' }],
      },
    });
    expect(calculated.body.order.total_money.amount).toBe(999 - 100);
    expect(schemaProblems(serialization.CalculateOrderResponse, calculated.body)).toEqual([]);
    const stored = await wire(emulator, 'POST', '/v2/orders/search', { location_ids: [EMULATOR_LOCATION_ID], return_entries: true });
    expect(stored.body.order_entries).toHaveLength(2);
  });

  it('refuses an order naming an unknown variation, an ad hoc line without a price, or a missing location', async () => {
    const unknown = await wire(emulator, 'POST', '/v2/orders', { order: { location_id: EMULATOR_LOCATION_ID, line_items: [{ catalog_object_id: 'GONE', quantity: '1' }] } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'order.line_items[0].catalog_object_id' });
    expect(schemaProblems(serialization.CreateOrderResponse, unknown.body)).toEqual([]);
    const priceless = await wire(emulator, 'POST', '/v2/orders', { order: { location_id: EMULATOR_LOCATION_ID, line_items: [{ name: 'Pin', quantity: '1' }] } });
    expect(priceless.body.errors[0]).toMatchObject({ code: 'MISSING_REQUIRED_PARAMETER', field: 'order.line_items[0].base_price_money' });
    const nowhere = await squareError(emulator.client.orders.create({ order: { locationId: 'ELSEWHERE' } }));
    expect(nowhere.statusCode).toBe(404);
  });

  it('pays an order with a payment of its total: tenders held, OPEN while shipping, the catalog lines off the shelf', async () => {
    const before = await count(hoodie.id);
    const { order } = await emulator.client.orders.create({ idempotencyKey: key(), order: shippedOrder() });
    const total = order!.totalMoney!.amount!;

    const short = await squareError(
      emulator.client.payments.create({ idempotencyKey: key(), sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: total - 1n, currency: 'USD' }, orderId: order!.id }),
    );
    expect(short.statusCode).toBe(400);
    expect(short.errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', field: 'amount_money.amount' });
    expect(await count(hoodie.id)).toBe(before);

    const { payment } = await emulator.client.payments.create({
      idempotencyKey: key(),
      sourceId: 'cnon:card-nonce-ok',
      amountMoney: { amount: total, currency: 'USD' },
      orderId: order!.id,
      autocomplete: false,
    });
    expect(payment?.status).toBe('APPROVED');
    expect((await emulator.client.orders.get({ orderId: order!.id! })).order?.tenders).toBeUndefined();
    await emulator.client.payments.complete({ paymentId: payment!.id! });

    const paid = (await emulator.client.orders.get({ orderId: order!.id! })).order!;
    expect(paid).toMatchObject({ state: 'OPEN', netAmountDueMoney: { amount: 0n }, version: 2 });
    expect(paid.tenders).toEqual([expect.objectContaining({ paymentId: payment!.id, amountMoney: { amount: total, currency: 'USD' }, type: 'CARD' })]);
    expect(await count(hoodie.id)).toBe(before - 2);
    const raw = await wire(emulator, 'GET', `/v2/orders/${order!.id}`);
    expect(schemaProblems(serialization.GetOrderResponse, raw.body)).toEqual([]);

    // A paid order is not paid again.
    const twice = await squareError(
      emulator.client.payments.create({ idempotencyKey: key(), sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: total, currency: 'USD' }, orderId: order!.id }),
    );
    expect(twice.errors[0]?.field).toBe('amount_money.amount');
  });

  it('completes an order without a fulfillment when it is paid; a declined card leaves it unpaid', async () => {
    const { order } = await emulator.client.orders.create({
      order: { locationId: EMULATOR_LOCATION_ID, lineItems: [{ name: 'Pin', quantity: '1', basePriceMoney: { amount: 400n, currency: 'USD' } }] },
    });
    await squareError(emulator.client.payments.create({ idempotencyKey: key(), sourceId: 'cnon:card-nonce-declined', amountMoney: { amount: 400n, currency: 'USD' }, orderId: order!.id }));
    expect((await emulator.client.orders.get({ orderId: order!.id! })).order).toMatchObject({ state: 'OPEN', netAmountDueMoney: { amount: 400n } });
    await emulator.client.payments.create({ idempotencyKey: key(), sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: 400n, currency: 'USD' }, orderId: order!.id });
    const paid = (await emulator.client.orders.get({ orderId: order!.id! })).order!;
    expect(paid.state).toBe('COMPLETED');
    expect(paid.closedAt).toBeTruthy();
  });

  it('pays an order with PayOrder from approved payments, canceling an approved one not listed', async () => {
    const { order } = await emulator.client.orders.create({
      order: { locationId: EMULATOR_LOCATION_ID, lineItems: [{ name: 'Pin', quantity: '2', basePriceMoney: { amount: 500n, currency: 'USD' } }] },
    });
    const first = await emulator.client.payments.create({
      idempotencyKey: key(),
      sourceId: 'cnon:card-nonce-ok',
      amountMoney: { amount: 1000n, currency: 'USD' },
      orderId: order!.id,
      autocomplete: false,
    });
    const mismatch = await squareError(emulator.client.orders.pay({ orderId: order!.id!, idempotencyKey: key(), paymentIds: [] }));
    expect(mismatch.errors[0]).toMatchObject({ code: 'PAYMENT_AMOUNT_MISMATCH' });
    const stale = await wire(emulator, 'POST', `/v2/orders/${order!.id}/pay`, { idempotency_key: key(), order_version: 7, payment_ids: [first.payment!.id] });
    expect(stale.body.errors[0]).toMatchObject({ code: 'VERSION_MISMATCH' });
    const paid = await wire(emulator, 'POST', `/v2/orders/${order!.id}/pay`, { idempotency_key: key(), order_version: 1, payment_ids: [first.payment!.id] });
    expect(paid.body.order).toMatchObject({ state: 'COMPLETED', net_amount_due_money: { amount: 0 } });
    expect(schemaProblems(serialization.PayOrderResponse, paid.body)).toEqual([]);
    expect((await emulator.client.payments.get({ paymentId: first.payment!.id! })).payment?.status).toBe('COMPLETED');

    const { order: other } = await emulator.client.orders.create({
      order: { locationId: EMULATOR_LOCATION_ID, lineItems: [{ name: 'Pin', quantity: '1', basePriceMoney: { amount: 500n, currency: 'USD' } }] },
    });
    const listed = await emulator.client.payments.create({
      idempotencyKey: key(),
      sourceId: 'cnon:card-nonce-ok',
      amountMoney: { amount: 500n, currency: 'USD' },
      orderId: other!.id,
      autocomplete: false,
    });
    // A second approved payment would exceed what is due: Square refuses it.
    const extra = await squareError(
      emulator.client.payments.create({ idempotencyKey: key(), sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: 500n, currency: 'USD' }, orderId: other!.id, autocomplete: false }),
    );
    expect(extra.errors[0]?.field).toBe('amount_money.amount');
    await emulator.client.orders.pay({ orderId: other!.id!, idempotencyKey: key(), paymentIds: [listed.payment!.id!] });
    expect((await emulator.client.orders.get({ orderId: other!.id! })).order?.state).toBe('COMPLETED');
  });

  it('moves a fulfillment one step at a time at the current version, completing a paid order at the end', async () => {
    const { order } = await emulator.client.orders.create({ order: shippedOrder() });
    const uid = order!.fulfillments![0].uid!;
    await emulator.client.payments.create({ idempotencyKey: key(), sourceId: 'cnon:card-nonce-ok', amountMoney: order!.totalMoney!, orderId: order!.id });
    let version = 2;

    const stale = await wire(emulator, 'PUT', `/v2/orders/${order!.id}`, { order: { location_id: EMULATOR_LOCATION_ID, version: 1, fulfillments: [{ uid, state: 'RESERVED' }] } });
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', code: 'VERSION_MISMATCH', field: 'order.version' });
    const skip = await squareError(emulator.client.orders.update({ orderId: order!.id!, order: { locationId: EMULATOR_LOCATION_ID, version, fulfillments: [{ uid, state: 'COMPLETED' }] } }));
    expect(skip.errors[0]?.detail).toContain('one step at a time');

    for (const state of ['RESERVED', 'PREPARED'] as const) {
      const { order: moved } = await emulator.client.orders.update({ orderId: order!.id!, order: { locationId: EMULATOR_LOCATION_ID, version, fulfillments: [{ uid, state }] } });
      version = moved!.version!;
      expect(moved).toMatchObject({ state: 'OPEN', fulfillments: [{ uid, state }] });
    }
    const done = await wire(emulator, 'PUT', `/v2/orders/${order!.id}`, {
      idempotency_key: key(),
      order: { location_id: EMULATOR_LOCATION_ID, version, fulfillments: [{ uid, state: 'COMPLETED', shipment_details: { carrier: 'USPS', tracking_number: '9400111' } }] },
    });
    expect(schemaProblems(serialization.UpdateOrderResponse, done.body)).toEqual([]);
    expect(done.body.order).toMatchObject({
      state: 'COMPLETED',
      version: version + 1,
      fulfillments: [{ state: 'COMPLETED', shipment_details: { carrier: 'USPS', tracking_number: '9400111', recipient: { display_name: 'Raven Ash' } } }],
    });
    expect(done.body.order.fulfillments[0].shipment_details.shipped_at).toBeTruthy();

    const closed = await squareError(emulator.client.orders.update({ orderId: order!.id!, order: { locationId: EMULATOR_LOCATION_ID, version: version + 1, referenceId: 'x' } }));
    expect(closed.errors[0]?.detail).toContain('COMPLETED');
  });

  it('cancels an unpaid order and its fulfillment, but not a paid one', async () => {
    const { order } = await emulator.client.orders.create({ order: shippedOrder({ referenceId: 'checkout-2' }) });
    const { order: canceled } = await emulator.client.orders.update({
      orderId: order!.id!,
      order: { locationId: EMULATOR_LOCATION_ID, version: 1, state: 'CANCELED' },
      fieldsToClear: ['reference_id'],
    });
    expect(canceled).toMatchObject({ state: 'CANCELED', fulfillments: [{ state: 'CANCELED' }] });
    expect(canceled?.referenceId).toBeUndefined();

    const { order: paid } = await emulator.client.orders.create({ order: shippedOrder() });
    await emulator.client.payments.create({ idempotencyKey: key(), sourceId: 'cnon:card-nonce-ok', amountMoney: paid!.totalMoney!, orderId: paid!.id });
    const refused = await squareError(emulator.client.orders.update({ orderId: paid!.id!, order: { locationId: EMULATOR_LOCATION_ID, version: 2, state: 'CANCELED' } }));
    expect(refused.errors[0]?.detail).toContain('refund');
  });

  it("shows a refund of the order's payment on the order: refunds[], return_amounts and net_amounts, a new version each time", async () => {
    const { order } = await emulator.client.orders.create({ idempotencyKey: key(), order: shippedOrder() });
    const total = order!.totalMoney!.amount!;
    const { payment } = await emulator.client.payments.create({ idempotencyKey: key(), sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: total, currency: 'USD' }, orderId: order!.id });
    const paid = (await emulator.client.orders.get({ orderId: order!.id! })).order!;
    emulator.refundSettlement.hold();
    try {
      const { refund } = await emulator.client.refunds.refundPayment({ idempotencyKey: key(), paymentId: payment!.id!, amountMoney: { amount: 1000n, currency: 'USD' }, reason: 'One back' });
      expect(refund).toMatchObject({ orderId: order!.id, status: 'PENDING' });
      const refunded = (await emulator.client.orders.get({ orderId: order!.id! })).order!;
      expect(refunded.version).toBe(paid.version! + 1);
      expect(refunded.refunds).toEqual([
        expect.objectContaining({
          id: refund!.id!.slice(payment!.id!.length + 1),
          tenderId: paid.tenders![0]!.id,
          transactionId: order!.id,
          reason: 'One back',
          amountMoney: { amount: 1000n, currency: 'USD' },
          status: 'PENDING',
        }),
      ]);
      expect(refunded.returnAmounts?.totalMoney).toEqual({ amount: 1000n, currency: 'USD' });
      expect(refunded.netAmounts).toMatchObject({ totalMoney: { amount: total - 1000n }, discountMoney: { amount: 500n }, serviceChargeMoney: { amount: 650n } });
      // The sale itself is what it was: its total, its state while the shipment is under way.
      expect(refunded).toMatchObject({ totalMoney: { amount: total }, state: 'OPEN' });

      await emulator.refundSettlement.settle(refund!.id!, 'COMPLETED');
      const settled = (await emulator.client.orders.get({ orderId: order!.id! })).order!;
      expect(settled.version).toBe(paid.version! + 2);
      expect(settled.refunds!.map((r) => r.status)).toEqual(['APPROVED']);

      // A refund that fails gives nothing back: listed, not counted.
      const { refund: failing } = await emulator.client.refunds.refundPayment({
        idempotencyKey: key(),
        paymentId: payment!.id!,
        amountMoney: { amount: 200n, currency: 'USD' },
        reason: 'Two',
      });
      await emulator.refundSettlement.settle(failing!.id!, 'FAILED');
      const after = await wire(emulator, 'GET', `/v2/orders/${order!.id}`);
      expect(schemaProblems(serialization.GetOrderResponse, after.body)).toEqual([]);
      expect(after.body.order.refunds.map((r: { status: string }) => r.status)).toEqual(['APPROVED', 'FAILED']);
      expect(after.body.order.return_amounts.total_money).toEqual({ amount: 1000, currency: 'USD' });
      expect(after.body.order.net_amounts.total_money).toEqual({ amount: Number(total) - 1000, currency: 'USD' });
      expect(after.body.order.version).toBe(paid.version! + 4);
    } finally {
      emulator.refundSettlement.hold(false);
    }
    // The emulator's own page of the order (where the shop's admin links to it).
    const page = await fetch(`${emulator.url}/emulator/orders/${order!.id}`);
    expect(((await page.json()) as { order: { id: string } }).order.id).toBe(order!.id);
    expect((await fetch(`${emulator.url}/emulator/orders/nope`)).status).toBe(404);
  });

  it("announces order.created, order.updated and order.fulfillment.updated, signed as Square signs, in the SDK's shape", async () => {
    const received: { body: string; signature: string }[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: req.headers['x-square-hmacsha256-signature'] as string });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/square`;
    try {
      emulator.webhooks.subscribe({ notificationUrl: url, signatureKey: 'orders-key' }, { retryDelaysMs: [20] });
      const { order } = await emulator.client.orders.create({ order: shippedOrder() });
      const uid = order!.fulfillments![0].uid!;
      await emulator.client.orders.update({ orderId: order!.id!, order: { locationId: EMULATOR_LOCATION_ID, version: 1, fulfillments: [{ uid, state: 'RESERVED' }] } });
      await emulator.webhooks.settled();
      const events = received.map((r) => JSON.parse(r.body));
      expect(events.map((e) => e.type)).toEqual(['order.created', 'order.updated', 'order.fulfillment.updated']);
      for (const r of received)
        expect(await WebhooksHelper.verifySignature({ requestBody: r.body, signatureHeader: r.signature, signatureKey: 'orders-key', notificationUrl: url })).toBe(true);
      expect(schemaProblems(serialization.OrderCreatedEvent, events[0])).toEqual([]);
      expect(schemaProblems(serialization.OrderUpdatedEvent, events[1])).toEqual([]);
      expect(schemaProblems(serialization.OrderFulfillmentUpdatedEvent, events[2])).toEqual([]);
      expect(events[0].data).toMatchObject({ type: 'order_created', id: order!.id, object: { order_created: { order_id: order!.id, version: 1, state: 'OPEN' } } });
      expect(events[2].data.object.order_fulfillment_updated).toMatchObject({ version: 2, fulfillment_update: [{ fulfillment_uid: uid, old_state: 'PROPOSED', new_state: 'RESERVED' }] });
    } finally {
      emulator.webhooks.unsubscribe(url);
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

import { SquareClient, type Square } from 'square';
import { systemContext } from '../../src/platform/context/request-context';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { CatalogSync } from '../../src/square/catalog-sync/catalog-sync';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { AdminClient } from '../support/admin-client';
import { cartWith, sql } from '../support/shop-fixtures';
import { mintCardTokens } from '../support/square-emulator';
import { atTheStall, squareCount } from '../support/square-stall';
import { startTestApp, TestApp } from '../support/test-app';
import { picturesCopied } from '../support/square-pictures';
import { until } from '../support/until';

let t: TestApp;
let square: SquareClient;
let linked: { id: number; variation: string; priceCents: number }[];
const address = { address: '13 Raven Row', city: 'Salem', state: 'MA', zipCode: '01970', country: 'US' };

beforeAll(async () => {
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0' }, { squareWebhooks: {} });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  await t.app.get(CatalogSync).run(systemContext());
  // Its pictures are copied in the background: done before the test counts what it records.
  await picturesCopied(t);
  const rows = await sql<{ id: number; square_variation_id: string; price_cents: number }>(
    t,
    `select p.id, v.square_variation_id, v.price_cents from products p join product_variants v on v.product_id = p.id
      where v.square_variation_id is not null and (select count(*) from product_variants w where w.product_id = p.id) = 1 order by p.id limit 4`,
  );
  linked = rows.map((r) => ({ id: r.id, variation: r.square_variation_id, priceCents: r.price_cents }));
});
afterAll(async () => {
  await t?.close();
});

/** Moves the outbox to the jobs (this process's worker runs them) until `done` holds. */
const relayUntil = (done: () => Promise<boolean>) =>
  until(async () => {
    await t.app.get(OutboxRelay).tick();
    await t.square.webhooks.settled();
    return done();
  });

const pay = (cartId: string, amountCents: number, extra: Record<string, unknown> = {}) =>
  t.http.post('/api/square/process-payment').send({
    sourceId: 'cnon:card-nonce-ok',
    amountMoney: { amount: String(amountCents), currency: 'USD' },
    customerName: 'Mina Harker',
    customerEmail: 'mina@example.com',
    cartId,
    fulfillmentMethod: 'pickup',
    ...extra,
  });

/** The Square orders the shop made for a checkout, found as the studio's books list them: by the checkout's id until it is paid, then by its number. */
async function squareOrdersOf(checkoutId: string): Promise<Square.Order[]> {
  const [row] = await sql<{ order_number: string | null }>(t, 'select order_number from orders where id = ?', [checkoutId]);
  const { orders } = await square.orders.search({ locationIds: [EMULATOR_LOCATION_ID] });
  return (orders ?? []).filter((o) => o.referenceId === checkoutId || (row?.order_number && o.referenceId === row.order_number));
}

const checkoutOf = async (cartId: string) => (await sql<{ id: string; status: string }>(t, 'select id, status from orders where cart_id = ? order by created_at', [cartId])).at(-1)!;

describe('every paid checkout is one itemized Square order', () => {
  it('books a shipped, discounted sale: catalog lines, the code by name, a Shipping charge, the buyer, paid by the payment; the count falls once', async () => {
    const [a, b] = linked;
    await atTheStall(square, a!.variation, { count: 6 });
    await atTheStall(square, b!.variation, { count: 4 });
    const cart = await cartWith(t, { [a!.id]: 2, [b!.id]: 1 });
    const subtotal = 2 * a!.priceCents + b!.priceCents;
    await t.http.post('/api/newsletter/subscribe').send({ email: 'mina@example.com' }).expect(200);
    const check = await t.http.post('/api/checkout/discount').send({ cartId: cart.id, code: 'DARKCIRCLE10', email: 'mina@example.com' });
    expect(check.body.code).toBe('DARKCIRCLE10');
    const discount = Math.round(Number(check.body.discount) * 100);
    const shipping = subtotal >= 5000 ? 0 : 500;
    const total = subtotal - discount + shipping;

    const res = await pay(cart.id, total, { discountCode: 'DARKCIRCLE10', fulfillmentMethod: 'shipping', shippingAddress: address }).expect(200);
    expect(res.body.success).toBe(true);

    const orders = await squareOrdersOf(res.body.orderId);
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order.lineItems!.map((l) => [l.catalogObjectId, l.quantity, l.basePriceMoney?.amount])).toEqual([
      [a!.variation, '2', BigInt(a!.priceCents)],
      [b!.variation, '1', BigInt(b!.priceCents)],
    ]);
    expect(order.discounts).toEqual([expect.objectContaining({ name: 'DARKCIRCLE10', type: 'FIXED_AMOUNT', appliedMoney: { amount: BigInt(discount), currency: 'USD' } })]);
    expect(order.serviceCharges).toEqual([expect.objectContaining({ name: 'Shipping', totalMoney: { amount: BigInt(shipping), currency: 'USD' } })]);
    expect(order.fulfillments).toEqual([
      expect.objectContaining({
        type: 'SHIPMENT',
        state: 'PROPOSED',
        shipmentDetails: expect.objectContaining({
          recipient: expect.objectContaining({
            displayName: 'Mina Harker',
            emailAddress: 'mina@example.com',
            address: expect.objectContaining({ addressLine1: '13 Raven Row', postalCode: '01970' }),
          }),
        }),
      }),
    ]);
    expect(order).toMatchObject({ state: 'OPEN', source: { name: 'Dark Circle online shop' }, totalMoney: { amount: BigInt(total) }, netAmountDueMoney: { amount: 0n } });
    const { customers } = await square.customers.search({ query: { filter: { emailAddress: { exact: 'mina@example.com' } } } });
    expect(customers?.map((c) => c.id)).toEqual([order.customerId]);

    const { payment } = await square.payments.get({ paymentId: res.body.payment.id });
    expect(payment).toMatchObject({ status: 'COMPLETED', orderId: order.id, amountMoney: { amount: BigInt(total) } });
    expect(order.tenders?.map((x) => x.paymentId)).toEqual([payment!.id]);

    // Square took the units when the order was paid; the shop pushes no sale of its own.
    const relay = t.app.get(OutboxRelay);
    for (let i = 0; i < 5; i++) await relay.tick();
    await t.square.webhooks.settled();
    expect(await squareCount(square, a!.variation)).toBe(4);
    expect(await squareCount(square, b!.variation)).toBe(3);
    await until(async () => (await sql<{ stock_quantity: number }>(t, 'select stock_quantity from product_variants where product_id = ?', [a!.id]))[0]!.stock_quantity === 4);
    expect(await sql(t, `select 1 from events where stream_id = ? and type = 'StockPushedToSquare'`, [`product-${a!.id}`])).toHaveLength(0);
  });

  it('books a pickup with a PICKUP fulfillment, no shipping charge, and the same customer for the same buyer', async () => {
    const [, , c] = linked;
    await atTheStall(square, c!.variation, { count: 5 });
    const cart = await cartWith(t, { [c!.id]: 1 });
    const res = await pay(cart.id, c!.priceCents).expect(200);
    const [order] = await squareOrdersOf(res.body.orderId);
    expect(order!.fulfillments).toEqual([
      expect.objectContaining({ type: 'PICKUP', pickupDetails: expect.objectContaining({ scheduleType: 'ASAP', recipient: expect.objectContaining({ displayName: 'Mina Harker' }) }) }),
    ]);
    expect(order!.serviceCharges).toBeUndefined();
    const { customers } = await square.customers.search({ query: { filter: { emailAddress: { exact: 'mina@example.com' } } } });
    expect(customers).toHaveLength(1);
    expect(order!.customerId).toBe(customers![0]!.id);
  });

  it('leaves no open order behind a declined card, and makes one order of a double submit', async () => {
    const [, , , d] = linked;
    await atTheStall(square, d!.variation, { count: 5 });
    const declinedCart = await cartWith(t, { [d!.id]: 1 });
    const declined = await pay(declinedCart.id, d!.priceCents, { sourceId: 'cnon:card-nonce-declined' }).expect(200);
    expect(declined.body.success).toBe(false);
    const failed = await checkoutOf(declinedCart.id);
    const [canceled] = await squareOrdersOf(failed.id);
    expect(canceled).toMatchObject({ state: 'CANCELED' });
    expect(await squareCount(square, d!.variation)).toBe(5);

    const cart = await cartWith(t, { [d!.id]: 1 });
    const [first, second] = await Promise.all([pay(cart.id, d!.priceCents), pay(cart.id, d!.priceCents)]);
    const ok = [first, second].filter((r) => r.body.success === true);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const placed = await checkoutOf(cart.id);
    await until(async () => (await checkoutOf(cart.id)).status === 'placed');
    const booked = await squareOrdersOf(placed.id);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.tenders).toHaveLength(1);
    expect(t.square.payments().filter((p) => p.order_id === booked[0]!.id && p.status === 'COMPLETED')).toHaveLength(1);
    expect(await squareCount(square, d!.variation)).toBe(4);
  });
});

describe("the issue's sale: 2 × Coven Zip Hoodie M and a patch with DARKCIRCLE10, shipped", () => {
  let hoodieM: { productId: number; variantId: string; variation: string; priceCents: number };
  let patch: { productId: number; variation: string; priceCents: number };
  let sale: { orderId: string; orderNumber: string; paymentId: string; squareOrderId: string; total: number };
  const onHand = async (variantId: string) => (await sql<{ stock_quantity: number }>(t, 'select stock_quantity from product_variants where id = ?', [variantId]))[0]!.stock_quantity;

  beforeAll(async () => {
    // The demo catalogue's hoodie has sizes; the sync linked each size to its Square variation.
    const [m] = await sql<{ product_id: number; id: string; square_variation_id: string; price_cents: number }>(
      t,
      `select v.product_id, v.id, v.square_variation_id, v.price_cents from product_variants v join products p on p.id = v.product_id
        where p.name = 'Coven Zip Hoodie' and v.options->>'Size' = 'M'`,
    );
    const [skull] = await sql<{ product_id: number; square_variation_id: string; price_cents: number }>(
      t,
      `select v.product_id, v.square_variation_id, v.price_cents from product_variants v join products p on p.id = v.product_id where p.name = 'Skull Iron-On Patch'`,
    );
    hoodieM = { productId: m!.product_id, variantId: m!.id, variation: m!.square_variation_id, priceCents: m!.price_cents };
    patch = { productId: skull!.product_id, variation: skull!.square_variation_id, priceCents: skull!.price_cents };
    expect(hoodieM.variation).toBeTruthy();
    // The stall recounts: 5 of size M, 12 patches; the shop follows Square's counts.
    await atTheStall(square, hoodieM.variation, { count: 5 });
    await atTheStall(square, patch.variation, { count: 12 });
    await t.square.webhooks.settled();
    await until(async () => (await onHand(hoodieM.variantId)) === 5);
  });

  it('makes one Square order: two lines (the hoodie naming variation M), the code by name, Shipping, the shipment, the buyer, paid by the payment; M falls by exactly 2', async () => {
    const session = `session_${Date.now()}_issue45`;
    const cart = (await t.http.post('/api/cart').send({ sessionId: session, totalAmount: '0.00' }).expect(201)).body as { id: string };
    await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: hoodieM.productId, variantId: hoodieM.variantId, quantity: 2 }).expect(200);
    await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: patch.productId, quantity: 1 }).expect(200);
    const email = 'lucy.westenra@example.com';
    await t.http.post('/api/newsletter/subscribe').send({ email }).expect(200);
    const check = await t.http.post('/api/checkout/discount').send({ cartId: cart.id, code: 'DARKCIRCLE10', email }).expect(200);
    const subtotal = 2 * hoodieM.priceCents + patch.priceCents;
    const discount = Math.round(Number(check.body.discount) * 100);
    expect(discount).toBe(Math.round(subtotal / 10));
    const shipping = subtotal >= 5000 ? 0 : 500;
    const total = subtotal - discount + shipping;
    // A card of its own: the code goes to a card's first order.
    const [card] = await mintCardTokens(t.square, 1);
    const res = await t.http
      .post('/api/square/process-payment')
      .send({
        sourceId: card,
        amountMoney: { amount: String(total), currency: 'USD' },
        customerName: 'Lucy Westenra',
        customerEmail: email,
        cartId: cart.id,
        discountCode: 'DARKCIRCLE10',
        fulfillmentMethod: 'shipping',
        shippingAddress: address,
      })
      .expect(200);
    expect(res.body.success).toBe(true);

    // Read back as the studio's books hold it, through the SDK.
    const { payment } = await square.payments.get({ paymentId: res.body.payment.id });
    expect(payment).toMatchObject({ status: 'COMPLETED', amountMoney: { amount: BigInt(total), currency: 'USD' } });
    const { order } = await square.orders.get({ orderId: payment!.orderId! });
    expect(await squareOrdersOf(res.body.orderId)).toHaveLength(1);
    expect(order!.lineItems!.map((l) => [l.catalogObjectId, l.quantity, l.basePriceMoney?.amount])).toEqual([
      [hoodieM.variation, '2', BigInt(hoodieM.priceCents)],
      [patch.variation, '1', BigInt(patch.priceCents)],
    ]);
    expect(order!.lineItems![0]!.variationName).toBe('M');
    expect(order!.discounts).toEqual([expect.objectContaining({ name: 'DARKCIRCLE10', type: 'FIXED_AMOUNT', amountMoney: { amount: BigInt(discount), currency: 'USD' } })]);
    expect(order!.serviceCharges).toEqual([expect.objectContaining({ name: 'Shipping', totalMoney: { amount: BigInt(shipping), currency: 'USD' } })]);
    expect(order!.fulfillments).toHaveLength(1);
    expect(order!.fulfillments![0]).toMatchObject({
      type: 'SHIPMENT',
      state: 'PROPOSED',
      shipmentDetails: {
        recipient: {
          displayName: 'Lucy Westenra',
          emailAddress: email,
          address: { addressLine1: address.address, locality: address.city, administrativeDistrictLevel1: address.state, postalCode: address.zipCode, country: 'US' },
        },
      },
    });
    const { customers } = await square.customers.search({ query: { filter: { emailAddress: { exact: email } } } });
    expect(customers).toHaveLength(1);
    expect(order!.customerId).toBe(customers![0]!.id);
    // Fully paid, OPEN while its shipment is under way, and its total is what the card paid.
    expect(order).toMatchObject({ state: 'OPEN', netAmountDueMoney: { amount: 0n }, totalMoney: payment!.amountMoney, referenceId: res.body.orderNumber });
    expect(order!.tenders!.map((x) => x.paymentId)).toEqual([payment!.id]);
    sale = { orderId: res.body.orderId, orderNumber: res.body.orderNumber, paymentId: payment!.id!, squareOrderId: order!.id!, total };

    // Square took the units when the order was paid, once: the shop pushes no sale of its own.
    for (let i = 0; i < 5; i++) await t.app.get(OutboxRelay).tick();
    await t.square.webhooks.settled();
    expect(await squareCount(square, hoodieM.variation)).toBe(3);
    expect(await squareCount(square, patch.variation)).toBe(11);
    await until(async () => (await onHand(hoodieM.variantId)) === 3);
    const [row] = await sql<{ square_order_id: string; square_line_variations: (string | null)[] }>(t, 'select square_order_id, square_line_variations from orders where id = ?', [
      sale.orderId,
    ]);
    expect(row).toEqual({ square_order_id: order!.id, square_line_variations: [hoodieM.variation, patch.variation] });
  });

  it("refunds one hoodie: the refund references the order's payment, the Square order shows it, and M is restocked in Square once", async () => {
    const admin = await AdminClient.signIn(t.baseUrl);
    const { order: before } = await square.orders.get({ orderId: sale.squareOrderId });
    const refund = await admin.post(`/api/admin/orders/${sale.orderId}/refunds`, { lines: [{ itemId: 0, quantity: 1, restock: true }], reason: 'Too small' });
    expect(refund.status).toBe(201);
    const { refund: squareRefund } = await square.refunds.get({ refundId: refund.body.squareRefundId });
    expect(squareRefund).toMatchObject({ paymentId: sale.paymentId, orderId: sale.squareOrderId, reason: 'Too small' });
    const amount = squareRefund!.amountMoney!.amount!;

    // Square completes the card refund; the shop records it and restocks the one unit, and Square's count hears of it.
    await relayUntil(async () => (await squareCount(square, hoodieM.variation)) === 4);
    const { order } = await square.orders.get({ orderId: sale.squareOrderId });
    expect(order!.refunds).toEqual([expect.objectContaining({ amountMoney: { amount, currency: 'USD' }, reason: 'Too small', status: 'APPROVED', tenderId: before!.tenders![0]!.id })]);
    expect(order!.returnAmounts?.totalMoney).toEqual({ amount, currency: 'USD' });
    expect(order!.netAmounts?.totalMoney).toEqual({ amount: BigInt(sale.total) - amount, currency: 'USD' });
    expect(order!.version!).toBeGreaterThan(before!.version!);
    expect(order!.totalMoney).toEqual(before!.totalMoney);

    // Once: more relays, webhooks and the Square count's echo change nothing.
    for (let i = 0; i < 5; i++) await t.app.get(OutboxRelay).tick();
    await t.square.webhooks.settled();
    expect(await squareCount(square, hoodieM.variation)).toBe(4);
    expect(await squareCount(square, patch.variation)).toBe(11);
    await until(async () => (await onHand(hoodieM.variantId)) === 4);
    const pushes = await sql<{ data: { change: string } }>(t, `select data from events where stream_id = ? and type = 'StockPushedToSquare'`, [`product-${hoodieM.productId}`]);
    expect(pushes).toHaveLength(1);
  });
});

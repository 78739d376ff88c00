import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ProductIds, Products } from '../../src/catalog';
import { OrderConfirmationJob } from '../../src/orders';
import { systemContext } from '../../src/platform/context/request-context';
import { addProduct, cartWith, eventCount, repriced, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const shopper = { customerName: 'Ana Lucia', customerEmail: 'ana@example.com' };
const address = { address: '13 Raven Row', city: 'Salem', state: 'MA', zipCode: '01970', country: 'US' };

function pay(cartId: string, amountCents: number, extra: Record<string, unknown> = {}) {
  return t.http.post('/api/square/process-payment').send({
    sourceId: 'cnon:card-nonce-ok',
    amountMoney: { amount: String(amountCents), currency: 'USD' },
    ...shopper,
    cartId,
    fulfillmentMethod: 'pickup',
    ...extra,
  });
}

const cartItems = async (sessionId: string) => (await t.http.get(`/api/cart/${sessionId}`).expect(200)).body.items as { quantity: number; price: string }[];
const product = async (id: number) => (await t.http.get(`/api/products/${id}`).expect(200)).body as { stockQuantity: number; inStock: boolean };
const orderRow = async (orderId: string) => (await sql<{ status: string; total_cents: number; payment_id: string | null }>(t, 'select * from orders where id = ?', [orderId]))[0];
const paymentsFor = (amountCents: number) => t.square.payments().filter((p) => Number(p.amount_money?.amount) === amountCents);

describe('paying for a cart', () => {
  it('charges the server-priced total once for pickup, places the order, sells the stock and empties the cart', async () => {
    const hoodie = await addProduct(t, { name: 'Pickup Hoodie', priceCents: 6800, stockQuantity: 3 });
    const cart = await cartWith(t, { [hoodie]: 2 });

    const res = await pay(cart.id, 13600).expect(200);

    expect(res.body).toEqual({
      success: true,
      payment: { id: expect.any(String), status: 'COMPLETED', amountMoney: { amount: '13600', currency: 'USD' } },
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderNumber: expect.stringMatching(/^DC-\d+$/),
      statusToken: expect.any(String),
      // The confirmation's lines: the server's sums and the card Square charged (the browser sent neither).
      subtotal: '136.00',
      shipping: '0.00',
      discount: '0.00',
      card: { brand: 'Visa', last4: '1111' },
    });
    // The answer's token is the order's permanent address: its status link opens this order.
    const status = await t.http.get(`/api/order-status/${res.body.statusToken}`).expect(200);
    expect(status.body).toMatchObject({ orderNumber: res.body.orderNumber, total: '136.00', subtotal: '136.00', shipping: '0.00' });
    // A status link may be forwarded: it never shows the card.
    expect(status.body).not.toHaveProperty('card');
    expect(t.square.payments().filter((p) => p.id === res.body.payment.id)).toHaveLength(1);
    expect(await orderRow(res.body.orderId)).toMatchObject({ status: 'placed', total_cents: 13600, payment_id: res.body.payment.id });
    expect(await cartItems(cart.sessionId)).toEqual([]);
    expect(await product(hoodie)).toMatchObject({ stockQuantity: 1, inStock: true });
  });

  it('adds flat-rate shipping below 50.00 and ships free from exactly 50.00', async () => {
    const patch = await addProduct(t, { name: 'Shipping Patch', priceCents: 2500, stockQuantity: 10 });
    const below = await cartWith(t, { [patch]: 1 });
    await pay(below.id, 2500, { fulfillmentMethod: 'shipping', shippingAddress: address }).expect(409);
    const shipped = await pay(below.id, 3000, { fulfillmentMethod: 'shipping', shippingAddress: address }).expect(200);
    expect(shipped.body).toMatchObject({ success: true, subtotal: '25.00', shipping: '5.00', discount: '0.00' });

    const atThreshold = await cartWith(t, { [patch]: 2 });
    const free = await pay(atThreshold.id, 5000, { fulfillmentMethod: 'shipping', shippingAddress: address }).expect(200);
    expect(free.body.success).toBe(true);
    const [order] = await sql<{ shipping_cents: number; shipping_address: unknown }>(t, 'select * from orders where id = ?', [free.body.orderId]);
    expect(order).toMatchObject({ shipping_cents: 0, shipping_address: address });
  });

  it.each([
    ['cnon:card-nonce-declined', 'Your card was declined.'],
    ['cnon:card-nonce-rejected-cvv', "The card's security code (CVV) was not accepted."],
    ['cnon:card-nonce-rejected-postalcode', "The card's postal code was not accepted."],
    ['cnon:card-nonce-rejected-expiration', "The card's expiration date is not valid."],
  ])('answers %s with a readable decline, places no order, releases the stock and keeps the cart', async (sourceId, message) => {
    const frame = await addProduct(t, { name: `Declined Frame ${sourceId}`, priceCents: 7200, stockQuantity: 1 });
    const cart = await cartWith(t, { [frame]: 1 });

    const declined = await pay(cart.id, 7200, { sourceId }).expect(200);

    expect(declined.body).toEqual({ success: false, error: message, code: expect.any(String) });
    expect(await cartItems(cart.sessionId)).toHaveLength(1);
    expect(await product(frame)).toMatchObject({ stockQuantity: 1, inStock: true });
    const [order] = await sql<{ status: string }>(t, 'select status from orders where cart_id = ? order by created_at desc limit 1', [cart.id]);
    expect(order!.status).toBe('closed');

    // The cart is free again: the shopper can try another card, and the one unit is still there to sell.
    const retried = await pay(cart.id, 7200).expect(200);
    expect(retried.body.success).toBe(true);
    expect(await product(frame)).toMatchObject({ stockQuantity: 0, inStock: false });
  });

  it.each([
    ['lowered', 100],
    ['raised', 99_999],
  ])('refuses an amount %s by the browser with 409 and the right total, charging nothing', async (_how, amount) => {
    const patch = await addProduct(t, { name: `Tampered Patch ${amount}`, priceCents: 1100, stockQuantity: 5 });
    const cart = await cartWith(t, { [patch]: 3 });
    const paymentsBefore = t.square.payments().length;

    const res = await pay(cart.id, amount).expect(409);

    expect(res.body).toMatchObject({ code: 'AMOUNT_MISMATCH', details: { total: '33.00' } });
    expect(res.body.message).toMatch(/\$33\.00/);
    expect(t.square.payments()).toHaveLength(paymentsBefore);
    expect(await cartItems(cart.sessionId)).toHaveLength(1);
  });

  it('reprices a line whose catalogue price changed, answers 409 PRICE_CHANGED and charges nothing', async () => {
    const tee = await addProduct(t, { name: 'Repriced Tee', priceCents: 3200, stockQuantity: 5 });
    const cart = await cartWith(t, { [tee]: 2 });
    await t.app.get(Products).run(tee, repriced(tee, 3600), systemContext());
    const paymentsBefore = t.square.payments().length;

    const res = await pay(cart.id, 6400).expect(409);

    expect(res.body).toMatchObject({ code: 'PRICE_CHANGED' });
    expect(res.body.message).toMatch(/Repriced Tee is now \$36\.00/);
    expect(await cartItems(cart.sessionId)).toEqual([expect.objectContaining({ price: '36.00' })]);
    expect((await t.http.get(`/api/cart/${cart.sessionId}`).expect(200)).body.cart.totalAmount).toBe('72.00');
    expect(t.square.payments()).toHaveLength(paymentsBefore);
    expect((await pay(cart.id, 7200).expect(200)).body.success).toBe(true);
  });

  it('names the size whose price changed: "Review Tee, S is now $35.00"', async () => {
    const tee = await t.app.get(ProductIds).next();
    const sizes = { name: 'Size', values: ['S', 'M'] };
    const variant = (size: string, priceCents: number) => ({ options: { Size: size }, priceCents, stock: { inStock: true, stockQuantity: 5 } });
    const details = { name: 'Review Tee', description: 'A tee in sizes', category: 'apparel' as const, images: [] };
    await t.app.get(Products).run(tee, { kind: 'AddProduct', ...details, options: [sizes], variants: [variant('S', 3200), variant('M', 3200)] }, systemContext());
    const created = await t.http
      .post('/api/cart')
      .send({ sessionId: `session_${Date.now()}_review`, totalAmount: '0.00' })
      .expect(201);
    for (const variantId of [`${tee}-1`, `${tee}-2`]) await t.http.post(`/api/cart/${created.body.id}/items`).send({ productId: tee, variantId, quantity: 1 }).expect(200);
    const change = { variantId: `${tee}-1`, options: { Size: 'S' }, priceCents: 3500 };
    await t.app
      .get(Products)
      .run(tee, { kind: 'ChangeProductDetails', changes: {}, options: [sizes], variants: [change, { variantId: `${tee}-2`, options: { Size: 'M' }, priceCents: 3200 }] }, systemContext());

    const res = await pay(created.body.id, 6400).expect(409);

    expect(res.body).toMatchObject({ code: 'PRICE_CHANGED' });
    expect(res.body.message).toMatch(/: Review Tee, S is now \$35\.00\. /);
    expect(res.body.message).not.toMatch(/Review Tee, M/);
  });

  it('refuses a sold-out line before charging, naming the product and what is left', async () => {
    const rose = await addProduct(t, { name: 'Last Rose Hoop', priceCents: 5500, stockQuantity: 2 });
    const cart = await cartWith(t, { [rose]: 2 });
    await t.app.get(Products).run(rose, { kind: 'SetStock', inStock: true, stockQuantity: 1 }, systemContext());

    const res = await pay(cart.id, 11000).expect(409);

    expect(res.body).toMatchObject({ code: 'INSUFFICIENT_STOCK', details: { available: 1 }, message: 'Only 1 of Last Rose Hoop left.' });
    expect(paymentsFor(11000)).toHaveLength(0);
  });

  it('charges once and places one order when the same checkout is submitted twice at once', async () => {
    const candle = await addProduct(t, { name: 'Double Click Candle', priceCents: 7300, stockQuantity: 4 });
    const cart = await cartWith(t, { [candle]: 1 });

    const [a, b] = await Promise.all([pay(cart.id, 7300), pay(cart.id, 7300)]);

    const succeeded = [a, b].filter((r) => r.status === 200 && r.body.success);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) {
      // The twin either sees the same order through or is told a payment is under way: never a second charge.
      if (!(r.status === 200 && r.body.success)) expect(r.body).toMatchObject({ code: 'CHECKOUT_IN_PROGRESS' });
    }
    expect(new Set(succeeded.map((r) => r.body.orderId)).size).toBe(1);
    expect(paymentsFor(7300)).toHaveLength(1);
    expect(await sql(t, "select id from orders where cart_id = ? and status = 'placed'", [cart.id])).toHaveLength(1);
    expect(await product(candle)).toMatchObject({ stockQuantity: 3 });
  });

  it('sells the last unit once when twenty shoppers race for it', async () => {
    const original = await addProduct(t, { name: 'Only Original', priceCents: 22100, stockQuantity: 1 });
    const carts = await Promise.all(Array.from({ length: 20 }, () => cartWith(t, { [original]: 1 })));

    const answers = await Promise.all(carts.map((c) => pay(c.id, 22100)));

    const sold = answers.filter((r) => r.status === 200 && r.body.success);
    const refused = answers.filter((r) => r.status === 409);
    expect(sold).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Only Original is sold out.' });
    expect(paymentsFor(22100)).toHaveLength(1);
    expect(await product(original)).toMatchObject({ stockQuantity: 0, inStock: false });
  });

  it('asks again with the same key when Square answers too late, and charges once', async () => {
    const patch = await addProduct(t, { name: 'Slow Square Patch', priceCents: 1300, stockQuantity: 5 });
    const cart = await cartWith(t, { [patch]: 1 });
    // The payment is taken, but its answer arrives after the shop stopped waiting.
    t.square.faults.next('CreatePayment', { kind: 'slow', delayMs: t.squareTimeoutMs * 2 });

    const res = await pay(cart.id, 1300).expect(200);

    expect(res.body.success).toBe(true);
    expect(paymentsFor(1300)).toHaveLength(1);
    expect(paymentsFor(1300)[0]!.id).toBe(res.body.payment.id);
  });

  it('numbers only paid orders: a declined attempt takes no number, so paid orders are numbered one after another', async () => {
    const candle = await addProduct(t, { name: 'Numbered Candle', priceCents: 1900, stockQuantity: 10 });
    const numberOf = (answer: { body: { orderNumber: string } }) => Number(/^DC-(\d+)$/.exec(answer.body.orderNumber)?.[1]);
    const first = await pay((await cartWith(t, { [candle]: 1 })).id, 1900).expect(200);
    const cart = await cartWith(t, { [candle]: 1 });

    const declined = await pay(cart.id, 1900, { sourceId: 'cnon:card-nonce-declined' }).expect(200);
    const second = await pay(cart.id, 1900).expect(200);
    const third = await pay((await cartWith(t, { [candle]: 1 })).id, 1900).expect(200);

    expect(declined.body).toMatchObject({ success: false, code: 'GENERIC_DECLINE' });
    expect([second, third].map(numberOf)).toEqual([numberOf(first) + 1, numberOf(first) + 2]);
    const orders = await sql<{ status: string; order_number: string | null }>(t, 'select status, order_number from orders where cart_id = ? order by created_at', [cart.id]);
    expect(orders).toEqual([
      { status: 'closed', order_number: null },
      { status: 'placed', order_number: second.body.orderNumber },
    ]);
    // Square's note names the attempt (its order id), which is known before the charge; the number is not.
    expect(t.square.payments().find((p) => p.id === second.body.payment.id)?.note).toBe(`Dark Circle checkout ${second.body.orderId}`);

    // Shoppers paying at the same moment get numbers of their own, still one after another.
    const carts = await Promise.all([1, 2, 3].map(() => cartWith(t, { [candle]: 1 })));
    const together = await Promise.all(carts.map((c) => pay(c.id, 1900).expect(200)));
    expect(together.map(numberOf).sort((a, b) => a - b)).toEqual([3, 4, 5].map((n) => numberOf(first) + n));
  });

  it('refuses a body without a card token, amount, contact or complete address with 400, appending nothing', async () => {
    const patch = await addProduct(t, { name: 'Validation Patch', priceCents: 900, stockQuantity: 5 });
    const cart = await cartWith(t, { [patch]: 1 });
    const before = await eventCount(t);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ sourceId: '' }, /card was not tokenized/],
      [{ amountMoney: { amount: '9.00', currency: 'USD' } }, /whole number of cents/],
      [{ customerName: ' ' }, /name and email/],
      [{ customerEmail: 'not-an-email' }, /valid email/],
      [{ fulfillmentMethod: 'shipping' }, /complete your shipping address/],
      [{ fulfillmentMethod: 'shipping', shippingAddress: { ...address, city: '' } }, /complete your shipping address/],
      [{ cartId: 'nope' }, /cart id/],
    ];
    for (const [change, message] of cases) {
      const res = await pay(cart.id, 900, change);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await eventCount(t)).toBe(before);
  });
});

describe('the confirmation email', () => {
  it('is written once, with the order, even when its job runs twice', async () => {
    const hoop = await addProduct(t, { name: 'Emailed Hoop', priceCents: 5500, stockQuantity: 2 });
    const cart = await cartWith(t, { [hoop]: 1 });
    const res = await pay(cart.id, 5500).expect(200);
    const job = t.app.get(OrderConfirmationJob);

    // A retried or duplicated job finds the email recorded on the order stream.
    expect(await job.send(res.body.orderId, systemContext())).toBe('sent');
    expect(await job.send(res.body.orderId, systemContext())).toBe('already-sent');

    const dir = join(t.dataDir, 'mail');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    const mine = [];
    for (const f of files) {
      const raw = await readFile(join(dir, f), 'utf8');
      if (raw.includes(res.body.orderNumber)) mine.push(raw);
    }
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain('Emailed Hoop');
    expect(mine[0]).toContain('$55.00');
    expect(mine[0]).toContain('Local Pickup');
    const [row] = await sql<{ confirmation_sent_at: Date | null }>(t, 'select confirmation_sent_at from orders where id = ?', [res.body.orderId]);
    expect(row!.confirmation_sent_at).not.toBeNull();
  });

  it('is asked for by the storefront without ever causing a second one', async () => {
    const patch = await addProduct(t, { name: 'Asked Patch', priceCents: 1000, stockQuantity: 2 });
    const cart = await cartWith(t, { [patch]: 1 });
    const res = await pay(cart.id, 1000).expect(200);
    await t.app.get(OrderConfirmationJob).send(res.body.orderId, systemContext());

    const answer = await t.http.post('/api/orders/send-confirmation').send({ orderId: res.body.payment.id, total: '10.00' }).expect(200);

    expect(answer.body).toEqual({ success: true, emailSent: true });
    expect(await t.app.get(OrderConfirmationJob).send(res.body.orderId, systemContext())).toBe('already-sent');
  });
});

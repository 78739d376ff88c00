import { SquareClient } from 'square';
import { ProductsCache } from '../../src/catalog';
import { DiscountCodes } from '../../src/discounts';
import { SaleBooks } from '../../src/discounts/sale-book';
import { systemContext } from '../../src/platform/context/request-context';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { AdminClient } from '../support/admin-client';
import { addProduct, cartWith, sql } from '../support/shop-fixtures';
import { mintCardTokens } from '../support/square-emulator';
import { startTestApp, TestApp } from '../support/test-app';

/** The studio's discount codes: the admin's Discounts API, and every code at checkout (Apply and the payment). */
let t: TestApp;
let admin: AdminClient;
let patch: number;
let hoodie: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await AdminClient.signIn(t.baseUrl);
  patch = await addProduct(t, { name: 'Codes Patch', priceCents: 1250, stockQuantity: 200, category: 'patches' });
  hoodie = await addProduct(t, { name: 'Codes Hoodie', priceCents: 6800, stockQuantity: 200, category: 'apparel' });
});
afterAll(() => t?.close());

const hour = 3600_000;
const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();
let made = 0;
/** A code of the test's own (a fresh name each time), made through the admin API. */
async function makeCode(body: Record<string, unknown>): Promise<string> {
  const code = `T${++made}-${Date.now().toString(36)}`.toUpperCase();
  const res = await admin.post('/api/admin/discounts', { code, type: 'percentage', value: 10, ...body });
  expect(res.status).toBe(201);
  return code;
}
const check = (cartId: string, code: string, email = 'shopper@example.com') => t.http.post('/api/checkout/discount').send({ code, email, cartId });
const pay = (cartId: string, amountCents: number, discountCode: string | null, extra: Record<string, unknown> = {}) =>
  t.http.post('/api/square/process-payment').send({
    sourceId: 'cnon:card-nonce-ok',
    amountMoney: { amount: String(amountCents), currency: 'USD' },
    customerName: 'Lenore',
    customerEmail: 'shopper@example.com',
    cartId,
    fulfillmentMethod: 'pickup',
    discountCode,
    ...extra,
  });
const listed = async (code: string) => (await admin.get('/api/admin/discounts')).body.find((d: { code: string }) => d.code === code);
const ordersOf = (cartId: string) => sql<{ status: string }>(t, 'select status from orders where cart_id = ?', [cartId]);

describe('the Discounts API', () => {
  it('is for admins only', async () => {
    const anonymous = AdminClient.anonymous(t.baseUrl);
    expect((await anonymous.get('/api/admin/discounts')).status).toBe(401);
    expect((await anonymous.post('/api/admin/discounts', { code: 'FREE', type: 'free-shipping' })).status).toBe(401);
    expect((await anonymous.call('DELETE', '/api/admin/discounts/DARKCIRCLE10')).status).toBe(401);
  });

  it('lists DARKCIRCLE10 as one of the codes: 10%, once per customer', async () => {
    expect(await listed('DARKCIRCLE10')).toMatchObject({
      code: 'DARKCIRCLE10',
      type: 'percentage',
      value: 10,
      oncePerCustomer: true,
      usageLimit: null,
      automatic: false,
      status: 'active',
      uses: 0,
      revenue: '0.00',
      timeZone: 'UTC',
    });
  });

  it("lists DARKCIRCLE10's uses from before codes had streams, and writes them on its first change", async () => {
    const stream = 'discount-DARKCIRCLE10';
    expect(await sql(t, 'select 1 from events where stream_id = ?', [stream])).toEqual([]);
    expect(await listed('DARKCIRCLE10')).toMatchObject({ createdAt: null, uses: 0 });
    // An order paid with the code by an older release: its redemption row, and nothing on a code stream.
    const cart = await cartWith(t, { [hoodie]: 1 });
    const paid = await pay(cart.id, 6800, null, { customerEmail: 'before@example.com' }).expect(200);
    await sql(t, `insert into discount_redemptions (code, email, order_id, redeemed_at) values ('DARKCIRCLE10', 'before@example.com', ?, now())`, [paid.body.orderId]);
    expect(await listed('DARKCIRCLE10')).toMatchObject({ createdAt: null, uses: 1, revenue: '68.00' });

    const changed = await admin.patch('/api/admin/discounts/DARKCIRCLE10', { description: 'Welcome, subscriber.' });
    expect(changed.body).toMatchObject({ code: 'DARKCIRCLE10', description: 'Welcome, subscriber.', uses: 1, revenue: '68.00', createdAt: expect.any(String) });
    const events = await sql<{ type: string }>(t, 'select type from events where stream_id = ? order by version', [stream]);
    expect(events.map((e) => e.type)).toEqual(['DiscountCreated', 'DiscountRedeemed', 'DiscountChanged']);
  });

  it('makes, shows, changes and deletes a code, by its code in any case', async () => {
    const made = await admin.post('/api/admin/discounts', {
      code: ' halloween20 ',
      type: 'percentage',
      value: 20,
      minimumSubtotal: '30.00',
      startsAt: '2026-10-24T00:00:00-04:00',
      endsAt: '2026-11-02T00:00:00-04:00',
      usageLimit: 100,
      oncePerCustomer: true,
      productIds: [hoodie],
      categories: ['patches'],
      combines: false,
    });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      code: 'HALLOWEEN20',
      type: 'percentage',
      value: 20,
      minimumSubtotal: '30.00',
      startsAt: '2026-10-24T04:00:00.000Z',
      endsAt: '2026-11-02T04:00:00.000Z',
      usageLimit: 100,
      oncePerCustomer: true,
      productIds: [hoodie],
      categories: ['patches'],
      combines: false,
      automatic: false,
      description: '',
      status: expect.any(String),
      uses: 0,
      reserved: 0,
      revenue: '0.00',
      discounted: '0.00',
      timeZone: 'UTC',
      createdAt: expect.any(String),
    });
    expect(await listed('HALLOWEEN20')).toEqual(made.body);

    const again = await admin.post('/api/admin/discounts', { code: 'Halloween20', type: 'fixed', value: '5.00' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DISCOUNT_EXISTS', message: 'HALLOWEEN20 already exists.' });

    const changed = await admin.patch('/api/admin/discounts/halloween20', { type: 'fixed', value: '7.50', usageLimit: null, endsAt: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ code: 'HALLOWEEN20', type: 'fixed', value: '7.50', usageLimit: null, endsAt: null, startsAt: '2026-10-24T04:00:00.000Z', minimumSubtotal: '30.00' });
    expect((await admin.get('/api/admin/discounts/HALLOWEEN20')).body).toMatchObject({ value: '7.50' });

    expect((await admin.call('DELETE', '/api/admin/discounts/HALLOWEEN20')).status).toBe(204);
    expect(await listed('HALLOWEEN20')).toBeUndefined();
    // A second delete (a double click) is done already.
    expect((await admin.call('DELETE', '/api/admin/discounts/HALLOWEEN20')).status).toBe(204);
    const cart = await cartWith(t, { [patch]: 4 });
    expect((await check(cart.id, 'HALLOWEEN20').expect(400)).body).toMatchObject({ code: 'DISCOUNT_UNKNOWN', message: 'HALLOWEEN20 is not a valid discount code.' });
  });

  it('refuses what it cannot make, with the reason, changing nothing', async () => {
    const refusals: [Record<string, unknown>, string | RegExp][] = [
      [{ type: 'percentage', value: 10 }, 'code: code is required (only an automatic sale may go without one).'],
      [{ code: 'BAD CODE', type: 'percentage', value: 10 }, 'code: code may hold only letters, digits, - and _.'],
      [{ code: 'X1', type: 'half-off', value: 10 }, "type: type must be 'percentage', 'fixed' or 'free-shipping'."],
      [{ code: 'X1', type: 'percentage', value: 150 }, 'value: a percentage discount takes a whole 1 to 100 percent off, e.g. 10.'],
      [{ code: 'X1', type: 'percentage' }, 'value: give the percent it takes off.'],
      [{ code: 'X1', type: 'fixed', value: 'five' }, 'value: a fixed discount takes an amount in dollars off, such as "5.00".'],
      [{ code: 'X1', type: 'fixed', value: '0.00' }, 'value: a fixed discount takes an amount in dollars off, such as "5.00".'],
      [{ code: 'X1', type: 'free-shipping', minimumSubtotal: 'lots' }, 'minimumSubtotal: minimumSubtotal must be an amount in dollars such as 50.00.'],
      [{ code: 'X1', type: 'free-shipping', startsAt: 'tomorrow' }, /^startsAt: startsAt must be a date and time/],
      [{ code: 'X1', type: 'free-shipping', startsAt: '2026-11-02T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' }, 'The discount must end after it starts.'],
      [{ code: 'X1', type: 'free-shipping', usageLimit: 0 }, 'usageLimit: usageLimit must be 1 or more.'],
      [{ code: 'X1', type: 'free-shipping', categories: ['hats'] }, /^categories\.0: categories must be among/],
      [{ automatic: true, type: 'free-shipping' }, 'An automatic sale takes a percentage or an amount off prices; free shipping needs a code.'],
      [{ automatic: true, type: 'percentage', value: 10, usageLimit: 5 }, /^An automatic sale is the price every shopper sees/],
    ];
    for (const [body, message] of refusals) {
      const res = await admin.post('/api/admin/discounts', body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.message).toMatch(message);
    }
    expect(await listed('X1')).toBeUndefined();
    expect((await admin.patch('/api/admin/discounts/NOSUCHCODE', { value: 5 })).body).toMatchObject({ code: 'DISCOUNT_NOT_FOUND', message: 'There is no discount NOSUCHCODE.' });
    expect((await admin.call('DELETE', '/api/admin/discounts/NOSUCHCODE')).status).toBe(404);
    expect((await admin.patch('/api/admin/discounts/DARKCIRCLE10', {})).body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Give at least one field to change.' });
  });
});

describe('a code at checkout', () => {
  it('takes a fixed amount off (never more than the items), charges that, and counts the use and revenue', async () => {
    const code = await makeCode({ type: 'fixed', value: '5.00' });
    const cart = await cartWith(t, { [patch]: 2 });
    expect((await check(cart.id, code.toLowerCase()).expect(200)).body).toEqual({ code, amountOff: '5.00', discount: '5.00', subtotal: '25.00' });
    const paid = await pay(cart.id, 2000, code).expect(200);
    expect(paid.body).toMatchObject({ success: true, discount: '5.00', payment: { amountMoney: { amount: '2000' } } });
    expect(await listed(code)).toMatchObject({ uses: 1, reserved: 0, revenue: '20.00', discounted: '5.00' });

    const big = await makeCode({ type: 'fixed', value: '40.00' });
    const small = await cartWith(t, { [patch]: 1 });
    expect((await check(small.id, big).expect(200)).body).toMatchObject({ discount: '12.50' });
  });

  it('gives free shipping: the shipping is nothing, and the Square order names the code on it', async () => {
    const code = await makeCode({ type: 'free-shipping' });
    const cart = await cartWith(t, { [patch]: 1 });
    expect((await check(cart.id, code).expect(200)).body).toEqual({ code, freeShipping: true, discount: '0.00', subtotal: '12.50' });
    const address = { address: '13 Raven Row', city: 'Salem', state: 'MA', zipCode: '01970', country: 'US' };
    // 12.50 of items would ship for 5.00: the code makes it free.
    const full = await pay(cart.id, 1750, code, { fulfillmentMethod: 'shipping', shippingAddress: address }).expect(409);
    expect(full.body).toMatchObject({ code: 'AMOUNT_MISMATCH', details: { total: '12.50' } });
    const paid = await pay(cart.id, 1250, code, { fulfillmentMethod: 'shipping', shippingAddress: address }).expect(200);
    expect(paid.body).toMatchObject({ success: true, shipping: '0.00', discount: '0.00' });
    const square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
    const { orders } = await square.orders.search({ locationIds: [EMULATOR_LOCATION_ID] });
    const order = orders!.find((o) => o.referenceId === paid.body.orderNumber || o.referenceId === paid.body.orderId)!;
    expect(order.serviceCharges).toEqual([expect.objectContaining({ name: `Shipping (${code})`, totalMoney: { amount: 0n, currency: 'USD' } })]);
  });

  it('is carried by name onto the Square order, whatever the code', async () => {
    const code = await makeCode({ type: 'percentage', value: 15 });
    const cart = await cartWith(t, { [hoodie]: 1 });
    const paid = await pay(cart.id, 5780, code).expect(200);
    const square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
    const { orders } = await square.orders.search({ locationIds: [EMULATOR_LOCATION_ID] });
    const order = orders!.find((o) => o.referenceId === paid.body.orderNumber || o.referenceId === paid.body.orderId)!;
    expect(order.discounts).toEqual([expect.objectContaining({ name: code, type: 'FIXED_AMOUNT', appliedMoney: { amount: 1020n, currency: 'USD' } })]);
  });

  it('applies only to the products or categories it names', async () => {
    const code = await makeCode({ type: 'percentage', value: 50, categories: ['apparel'] });
    const both = await cartWith(t, { [patch]: 1, [hoodie]: 1 });
    expect((await check(both.id, code).expect(200)).body).toMatchObject({ discount: '34.00', subtotal: '80.50' });
    const byId = await makeCode({ type: 'percentage', value: 50, productIds: [patch] });
    expect((await check(both.id, byId).expect(200)).body).toMatchObject({ discount: '6.25' });
  });

  describe('refused, with the reason beside the field, nothing charged and no order opened', () => {
    async function refusedEverywhere(code: string, lines: Record<number, number>, totalCents: number, status: number, expected: { code: string; message: string | RegExp }) {
      const cart = await cartWith(t, lines);
      const applied = await check(cart.id, code);
      expect(applied.status).toBe(status);
      expect(applied.body.code).toBe(expected.code);
      expect(applied.body.message).toMatch(expected.message);
      const payments = t.square.payments().length;
      const paid = await pay(cart.id, totalCents, code);
      expect({ status: paid.status, code: paid.body.code }).toEqual({ status, code: expected.code });
      expect(t.square.payments()).toHaveLength(payments);
      expect(await ordersOf(cart.id)).toEqual([]);
    }

    it('a code that does not exist', () => refusedEverywhere('NOSUCHCODE', { [patch]: 1 }, 1250, 400, { code: 'DISCOUNT_UNKNOWN', message: 'NOSUCHCODE is not a valid discount code.' }));

    it('a code that has ended', async () => {
      const code = await makeCode({ startsAt: isoIn(-48 * hour), endsAt: isoIn(-hour) });
      await refusedEverywhere(code, { [patch]: 1 }, 1125, 409, { code: 'DISCOUNT_ENDED', message: `${code} has ended.` });
      expect(await listed(code)).toMatchObject({ status: 'ended' });
    });

    it('a code that has not started', async () => {
      const code = await makeCode({ startsAt: isoIn(24 * hour) });
      await refusedEverywhere(code, { [patch]: 1 }, 1125, 409, { code: 'DISCOUNT_NOT_STARTED', message: `${code} is not on yet.` });
      expect(await listed(code)).toMatchObject({ status: 'scheduled' });
    });

    it('a code used as many times as it can be', async () => {
      const code = await makeCode({ usageLimit: 1 });
      const first = await cartWith(t, { [patch]: 1 });
      await pay(first.id, 1125, code).expect(200);
      await refusedEverywhere(code, { [patch]: 1 }, 1125, 409, { code: 'DISCOUNT_LIMIT_REACHED', message: `${code} has been used as many times as it can be.` });
      expect(await listed(code)).toMatchObject({ status: 'used-up', uses: 1 });
    });

    it("a code that does not apply to the cart's lines", async () => {
      const code = await makeCode({ categories: ['apparel'] });
      await refusedEverywhere(code, { [patch]: 2 }, 2250, 409, { code: 'DISCOUNT_NOT_APPLICABLE', message: `${code} does not apply to the items in your cart.` });
    });

    it('a cart under the minimum subtotal', async () => {
      const code = await makeCode({ minimumSubtotal: '50.00' });
      await refusedEverywhere(code, { [patch]: 2 }, 2250, 409, { code: 'DISCOUNT_MINIMUM_NOT_MET', message: `${code} is for orders of $50.00 or more; yours come to $25.00.` });
      const enough = await cartWith(t, { [patch]: 4 });
      expect((await check(enough.id, code).expect(200)).body).toMatchObject({ discount: '5.00' });
    });

    it('a second order with an email that used a once-per-customer code', async () => {
      const code = await makeCode({ oncePerCustomer: true });
      const first = await cartWith(t, { [patch]: 1 });
      await pay(first.id, 1125, code, { customerEmail: 'Once@Example.com' }).expect(200);
      const cart = await cartWith(t, { [patch]: 1 });
      const message = `${code} has already been used with this email address. It is good for one order.`;
      expect((await check(cart.id, code, 'once@example.com').expect(409)).body).toMatchObject({ code: 'DISCOUNT_ALREADY_USED', message });
      const payments = t.square.payments().length;
      expect((await pay(cart.id, 1125, code, { customerEmail: 'ONCE@example.com' }).expect(409)).body).toMatchObject({ code: 'DISCOUNT_ALREADY_USED', message });
      expect(t.square.payments()).toHaveLength(payments);
      // This email may without the code; another email may with it, on a card of its own (the card counts too).
      await pay(cart.id, 1250, null, { customerEmail: 'once@example.com' }).expect(200);
      const other = await cartWith(t, { [patch]: 1 });
      const [card] = await mintCardTokens(t.square, 1);
      await pay(other.id, 1125, code, { customerEmail: 'twice@example.com', sourceId: card }).expect(200);
    });
  });

  it('once per customer also by card: a second email on the same card has its amount held, then released', async () => {
    const code = await makeCode({ oncePerCustomer: true });
    const [first, second] = await mintCardTokens(t.square, 2, '5105105105105100');
    const a = await cartWith(t, { [patch]: 1 });
    await pay(a.id, 1125, code, { customerEmail: 'card-a@example.com', sourceId: first }).expect(200);
    const b = await cartWith(t, { [patch]: 1 });
    const refused = await pay(b.id, 1125, code, { customerEmail: 'card-b@example.com', sourceId: second }).expect(409);
    expect(refused.body).toMatchObject({
      code: 'DISCOUNT_ALREADY_USED',
      message: `${code} has already been used with this card. It is good for one order per customer. Nothing was charged: remove the code to pay the full price.`,
    });
    expect(
      t.square
        .payments()
        .filter((p) => p.card_details?.card?.last_4 === '5100' && p.amount_money?.amount === 1125)
        .map((p) => p.status),
    ).toEqual(expect.arrayContaining(['COMPLETED', 'CANCELED']));
    expect(await ordersOf(b.id)).toEqual([{ status: 'closed' }]);
    expect(await listed(code)).toMatchObject({ uses: 1, reserved: 0 });
  });

  it('is given back when the payment fails, and used by the next checkout', async () => {
    const code = await makeCode({ usageLimit: 1 });
    const cart = await cartWith(t, { [patch]: 1 });
    const declined = await pay(cart.id, 1125, code, { sourceId: 'cnon:card-nonce-declined' }).expect(200);
    expect(declined.body.success).toBe(false);
    expect(await listed(code)).toMatchObject({ uses: 0, reserved: 0, status: 'active' });
    const events = await sql<{ type: string }>(t, 'select type from events where stream_id = ? order by version', [`discount-${code}`]);
    expect(events.map((e) => e.type)).toEqual(['DiscountCreated', 'DiscountReserved', 'DiscountReleased']);
    await pay(cart.id, 1125, code).expect(200);
    expect(await listed(code)).toMatchObject({ uses: 1, revenue: '11.25', status: 'used-up' });
  });
});

describe('an automatic sale', () => {
  it('prices the products it names on the shelf ("was $40, now $32"), in the cart and at payment, until it is deleted', async () => {
    const tee = await addProduct(t, { name: 'Sale Tee', priceCents: 4000, stockQuantity: 20, category: 'apparel' });
    const sale = await admin.post('/api/admin/discounts', { automatic: true, type: 'percentage', value: 20, productIds: [tee], description: 'Autumn sale' });
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({ code: expect.stringMatching(/^SALE-[0-9A-F]{8}$/), automatic: true, status: 'active' });

    const listedTee = (await t.http.get('/api/products').expect(200)).body.find((p: { id: number }) => p.id === tee);
    expect(listedTee).toMatchObject({ price: '32.00', compareAtPrice: '40.00', variants: [expect.objectContaining({ price: '32.00', compareAtPrice: '40.00' })] });
    expect((await t.http.get(`/api/products/${tee}`).expect(200)).body).toMatchObject({ price: '32.00', compareAtPrice: '40.00' });
    // Products it does not name keep their price, and say nothing of a sale.
    const other = (await t.http.get(`/api/products/${patch}`).expect(200)).body;
    expect(other.price).toBe('12.50');
    expect(other).not.toHaveProperty('compareAtPrice');

    // Its code is no code a shopper can type.
    const cart = await cartWith(t, { [tee]: 1 });
    expect((await check(cart.id, sale.body.code).expect(400)).body.code).toBe('DISCOUNT_UNKNOWN');
    // A code that does not combine leaves the sale's items out; one that does takes its share off the sale price.
    const alone = await makeCode({ combines: false });
    expect((await check(cart.id, alone).expect(409)).body).toMatchObject({
      code: 'DISCOUNT_NOT_APPLICABLE',
      message: `${alone} does not combine with sale prices, and the items it applies to are on sale.`,
    });
    const stacks = await makeCode({ combines: true });
    expect((await check(cart.id, stacks).expect(200)).body).toMatchObject({ discount: '3.20', subtotal: '32.00' });
    await pay(cart.id, 3200, null).expect(200);

    expect((await admin.call('DELETE', `/api/admin/discounts/${sale.body.code}`)).status).toBe(204);
    const after = (await t.http.get(`/api/products/${tee}`).expect(200)).body;
    expect(after.price).toBe('40.00');
    expect(after).not.toHaveProperty('compareAtPrice');
  });

  it('shows from its start and stops at its end, without a restart', async () => {
    const cape = await addProduct(t, { name: 'Soon Cape', priceCents: 5000, stockQuantity: 5, category: 'apparel' });
    const startsAt = isoIn(1500);
    await admin.post('/api/admin/discounts', { automatic: true, type: 'fixed', value: '10.00', productIds: [cape], startsAt, endsAt: isoIn(3000) }).then((r) => expect(r.status).toBe(201));
    const price = async () => (await t.http.get(`/api/products/${cape}`).expect(200)).body.price;
    expect(await price()).toBe('50.00');
    await until(async () => (await price()) === '40.00');
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(startsAt));
    await until(async () => (await price()) === '50.00');
  });
});

async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a sale made on one replica', () => {
  it("is on another replica's shelf within moments, and a checkout's use of a code leaves its catalogue cache alone", async () => {
    const other = await startTestApp({}, { shareDatabaseOf: t, worker: false });
    try {
      const shawl = await addProduct(t, { name: 'Replica Shawl', priceCents: 3000, stockQuantity: 5, category: 'apparel' });
      const price = async () => (await other.http.get(`/api/products/${shawl}`).expect(200)).body.price;
      expect(await price()).toBe('30.00');
      const sale = await admin.post('/api/admin/discounts', { automatic: true, type: 'fixed', value: '3.00', productIds: [shawl] });
      expect(sale.status).toBe(201);
      await until(async () => (await price()) === '27.00');

      // A checkout's use of a code, heard from the other replica: the sales are read again, found the same, and the catalogue is kept.
      const code = await makeCode({});
      const books = other.app.get(SaleBooks);
      const rechecks: Promise<void>[] = [];
      const recheck = (books as unknown as { recheck(): Promise<void> }).recheck.bind(books);
      jest.spyOn(books as unknown as { recheck(): Promise<void> }, 'recheck').mockImplementation(() => {
        const done = recheck();
        rechecks.push(done);
        return done;
      });
      await other.http.get('/api/products').expect(200);
      const loads = jest.spyOn(other.app.get(ProductsCache) as unknown as { load(): Promise<unknown> }, 'load');
      await t.app.get(DiscountCodes).run(code, { kind: 'Reserve', code, orderId: 'replica-order', email: 'replica@example.com', at: new Date().toISOString() }, systemContext());
      await until(async () => rechecks.length > 0);
      await Promise.all(rechecks);
      await other.http.get('/api/products').expect(200);
      expect(loads).not.toHaveBeenCalled();
    } finally {
      jest.restoreAllMocks();
      await other.close();
    }
  });
});

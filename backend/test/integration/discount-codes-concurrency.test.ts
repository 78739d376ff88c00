import { AdminClient } from '../support/admin-client';
import { addProduct, cartWith, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * A code's usage limit under a rush: its uses are reserved in the transaction that opens each
 * order, under the code's lock, so racing checkouts cannot both take the last one. Each shopper
 * comes from an address of its own (the proxy's X-Forwarded-For), so the checkouts do not queue
 * behind one address's hold lock: only the code's own lock orders them.
 */
let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'loopback' });
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(() => t?.close());

const pay = (cartId: string, shopper: number, discountCode: string, sourceId = 'cnon:card-nonce-ok') =>
  t.http
    .post('/api/square/process-payment')
    // Loopback addresses all: the emulator answers only this machine, and each is still an address of its own.
    .set('x-forwarded-for', `127.9.${Math.floor(shopper / 250)}.${(shopper % 250) + 1}`)
    .send({
      sourceId,
      amountMoney: { amount: '900', currency: 'USD' },
      customerName: `Shopper ${shopper}`,
      customerEmail: `shopper${shopper}@example.com`,
      cartId,
      fulfillmentMethod: 'pickup',
      discountCode,
    });

async function rush(code: string, shoppers: number, cardOf: (shopper: number) => string = () => 'cnon:card-nonce-ok') {
  const product = await addProduct(t, { name: `Rush Patch ${code}`, priceCents: 1000, stockQuantity: shoppers, category: 'patches' });
  const carts = [];
  for (let i = 0; i < shoppers; i++) carts.push(await cartWith(t, { [product]: 1 }));
  const answers = await Promise.all(carts.map((cart, i) => pay(cart.id, i, code, cardOf(i))));
  const events = await sql<{ type: string; n: number }>(t, 'select type, count(*)::int as n from events where stream_id = ? group by type', [`discount-${code}`]);
  const [uses] = await sql<{ redeemed: number; reserved: number }>(
    t,
    `select count(*) filter (where status = 'redeemed')::int as redeemed, count(*) filter (where status = 'reserved')::int as reserved from discount_uses where code = ?`,
    [code],
  );
  const [stock] = await sql<{ stock: number }>(t, 'select stock_quantity as stock from product_variants where product_id = ?', [product]);
  const opened = await sql<{ status: string }>(t, 'select status from orders where discount_code = ? order by status', [code]);
  return { answers, events: Object.fromEntries(events.map((e) => [e.type, e.n])), uses: uses!, stock: stock!.stock, opened: opened.map((o) => o.status) };
}

describe('a 5-use code', () => {
  it('attempted by 50 concurrent checkouts is used exactly 5 times', async () => {
    const code = 'RUSH5';
    expect((await admin.post('/api/admin/discounts', { code, type: 'percentage', value: 10, usageLimit: 5 })).status).toBe(201);
    const paymentsBefore = t.square.payments().length;

    const { answers, events, uses, stock, opened } = await rush(code, 50);

    const paid = answers.filter((a) => a.status === 200 && a.body.success === true);
    const refused = answers.filter((a) => a.status === 409);
    expect(paid).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused) expect(answer.body).toMatchObject({ code: 'DISCOUNT_LIMIT_REACHED', message: 'RUSH5 has been used as many times as it can be.' });
    // Five charges, each at the discounted total; nothing charged to the 45.
    const charged = t.square.payments().slice(paymentsBefore);
    expect(charged.filter((p) => p.status === 'COMPLETED').map((p) => Number(p.amount_money?.amount))).toEqual([900, 900, 900, 900, 900]);
    expect(charged.filter((p) => p.status !== 'COMPLETED')).toEqual([]);
    // Only the five orders ever opened; five reservations, none released, five redemptions.
    expect(opened).toEqual(['placed', 'placed', 'placed', 'placed', 'placed']);
    expect(events).toEqual({ DiscountCreated: 1, DiscountReserved: 5, DiscountRedeemed: 5 });
    expect(uses).toEqual({ redeemed: 5, reserved: 0 });
    expect(stock).toBe(45);
    expect((await admin.get(`/api/admin/discounts/${code}`)).body).toMatchObject({ uses: 5, reserved: 0, status: 'used-up', revenue: '45.00', discounted: '5.00' });
  });

  it('gives the uses of declined payments back, and is still never used more than 5 times', async () => {
    const code = 'RUSH5B';
    expect((await admin.post('/api/admin/discounts', { code, type: 'percentage', value: 10, usageLimit: 5 })).status).toBe(201);

    // Every other shopper's card is declined: their reservations come back while the rush goes on.
    const { answers, events, uses } = await rush(code, 50, (i) => (i % 2 ? 'cnon:card-nonce-declined' : 'cnon:card-nonce-ok'));

    const paid = answers.filter((a) => a.status === 200 && a.body.success === true);
    const declined = answers.filter((a) => a.status === 200 && a.body.success === false);
    const refused = answers.filter((a) => a.status === 409);
    expect(paid.length + declined.length + refused.length).toBe(50);
    for (const answer of refused) expect(answer.body.code).toBe('DISCOUNT_LIMIT_REACHED');
    expect(paid.length).toBeLessThanOrEqual(5);
    expect(uses).toEqual({ redeemed: paid.length, reserved: 0 });
    expect(events.DiscountReserved).toBe(paid.length + declined.length);
    expect(events.DiscountReleased).toBe(declined.length);
  });
});

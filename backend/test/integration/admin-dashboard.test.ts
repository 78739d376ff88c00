import { orderDecider } from '../../src/orders/order.decider';
import { orderStream } from '../../src/orders/order.events';
import { systemContext } from '../../src/platform/context/request-context';
import { CommandRunner } from '../../src/platform/event-store/command-runner';
import { AdminClient } from '../support/admin-client';
import { placeOrder } from '../support/placed-order';
import { addProduct, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** The dashboard's figures are the orders this test placed, counted by the day they were placed in the asked zone. */
let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await startTestApp({ SHOP_TIME_ZONE: 'America/New_York', LOW_STOCK_AT: '2' });
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(() => t?.close());

const DAY_MS = 86_400_000;
const run = (orderId: string, command: Parameters<typeof orderDecider.decide>[0]) => t.app.get(CommandRunner).run(orderDecider, orderStream(orderId), command, systemContext());
const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const dollars = (cents: number) => (cents / 100).toFixed(2);

it('counts revenue less refunds by the day orders were placed, the orders waiting, and the products low on stock', async () => {
  // Today: a shipping order (29.00) refunded 10.00, a pickup order (24.00) picked up, a shipping order fully refunded (29.00 − 29.00).
  const shippingToday = await placeOrder(t, 'shipping');
  await run(shippingToday.orderId, {
    kind: 'RequestRefund',
    refund: { refundId: '00000000-0000-4000-8000-0000000000c1', amountCents: 1000, lines: [], reason: 'Chipped' },
    at: new Date().toISOString(),
  });
  await run(shippingToday.orderId, { kind: 'RecordSquareRefund', refundId: '00000000-0000-4000-8000-0000000000c1', squareRefundId: 'sq-c1', status: 'COMPLETED' });
  const pickupToday = await placeOrder(t, 'pickup');
  await run(pickupToday.orderId, { kind: 'RecordFulfillmentStep', step: 'picked-up' });
  const refundedToday = await placeOrder(t, 'shipping');
  await run(refundedToday.orderId, { kind: 'RequestRefund', refund: { refundId: '00000000-0000-4000-8000-0000000000c2', lines: [], reason: 'Cancelled' }, at: new Date().toISOString() });
  await run(refundedToday.orderId, { kind: 'RecordSquareRefund', refundId: '00000000-0000-4000-8000-0000000000c2', squareRefundId: 'sq-c2', status: 'COMPLETED' });
  // Placed earlier (moved back in the read table): 3, 10 and 40 days ago; the last is outside every window.
  const placedAgo = async (days: number, fulfillment: 'pickup' | 'shipping') => {
    const o = await placeOrder(t, fulfillment);
    await sql(t, `update orders set placed_at = now() - make_interval(days => ?) where id = ?`, [days, o.orderId]);
    return o;
  };
  const threeDays = await placedAgo(3, 'pickup');
  await run(threeDays.orderId, { kind: 'RecordFulfillmentStep', step: 'ready-for-pickup' });
  await placedAgo(10, 'shipping');
  await placedAgo(40, 'shipping');
  // Low stock: at or below LOW_STOCK_AT (2) units on sale.
  const low = await addProduct(t, { name: 'Last Bat Pin', priceCents: 900, stockQuantity: 2 });
  const none = await addProduct(t, { name: 'Gone Moth Patch', priceCents: 900, stockQuantity: 0 });
  await addProduct(t, { name: 'Plenty Hoodie', priceCents: 6000, stockQuantity: 9 });

  const zone = 'America/New_York';
  const answer = await admin.get('/api/admin/dashboard');
  expect(answer.status).toBe(200);
  const d = answer.body;
  expect(d.timeZone).toBe(zone);
  const today = 2900 - 1000 + 2400 + 0;
  expect(d.today).toEqual({ orders: 3, revenue: dollars(today) });
  expect(d.last7Days).toEqual({ orders: 4, revenue: dollars(today + 2400) });
  expect(d.last30Days).toEqual({ orders: 5, revenue: dollars(today + 2400 + 2900) });
  // Waiting: the partly refunded shipping order, the one made ready 3 days ago, the 10- and 40-day-old ones.
  expect(d.ordersWaiting).toBe(4);
  expect(d.lowStockAt).toBe(2);
  // The tests run on the stand-ins (the Square emulator, the local sign-in): the development tools are offered.
  expect(d.developmentTools).toBe(true);
  expect(d.lowStock).toEqual([
    { productId: none, variantId: `${none}-1`, name: 'Gone Moth Patch', stock: 0, imageUrl: expect.any(String) },
    { productId: low, variantId: `${low}-1`, name: 'Last Bat Pin', stock: 2, imageUrl: expect.any(String) },
  ]);

  expect(d.revenueByDay).toHaveLength(30);
  const now = Date.now();
  expect(d.revenueByDay.at(-1)).toEqual({ date: dayIn(zone, new Date(now)), orders: 3, revenue: dollars(today) });
  expect(d.revenueByDay[0].date).toBe(dayIn(zone, new Date(now - 29 * DAY_MS)));
  const byDate = Object.fromEntries(d.revenueByDay.map((r: { date: string }) => [r.date, r]));
  expect(byDate[dayIn(zone, new Date(now - 3 * DAY_MS))]).toMatchObject({ orders: 1, revenue: '24.00' });
  expect(byDate[dayIn(zone, new Date(now - 10 * DAY_MS))]).toMatchObject({ orders: 1, revenue: '29.00' });
  expect(d.revenueByDay.reduce((s: number, r: { orders: number }) => s + r.orders, 0)).toBe(5);
  expect(d.revenueByDay.filter((r: { orders: number }) => r.orders === 0).every((r: { revenue: string }) => r.revenue === '0.00')).toBe(true);

  // Another zone: the days are cut at its midnight, and it is named in the answer.
  const kiritimati = (await admin.get('/api/admin/dashboard?timeZone=Pacific/Kiritimati')).body;
  expect(kiritimati.timeZone).toBe('Pacific/Kiritimati');
  expect(kiritimati.revenueByDay.at(-1).date).toBe(dayIn('Pacific/Kiritimati', new Date()));
  expect(kiritimati.last30Days).toEqual(d.last30Days);
});

it('refuses a time zone it does not know with a 400', async () => {
  for (const zone of ['Mars/Olympus_Mons', 'x'.repeat(65), 'UTC+99']) {
    const refused = await admin.get(`/api/admin/dashboard?timeZone=${encodeURIComponent(zone)}`);
    expect({ zone, status: refused.status }).toEqual({ zone, status: 400 });
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/timeZone must be an IANA time zone/) });
  }
  expect((await AdminClient.anonymous(t.baseUrl).get('/api/admin/dashboard')).status).toBe(401);
});

import { z } from 'zod';
import { signedInUserSchema } from '../../src/auth/signed-in-user';
import { cartResponseSchema } from '../../src/cart';
import { adminProductSchema, categorySchema, productSchema } from '../../src/catalog/catalog.responses';
import { adminOrderDetailSchema, adminOrderPageSchema, dashboardSchema, orderStatusSchema } from '../../src/orders/order.responses';
import { OrderStatusLinks } from '../../src/orders/order-status-links';
import { placeOrder } from '../support/placed-order';
import { mailSummarySchema } from '../../src/mail/mail-outbox.responses';
import { subscriberPageSchema } from '../../src/newsletter/newsletter.responses';
import { healthSchema } from '../../src/platform/health/health.responses';
import { streamHistorySchema } from '../../src/operator-tools';
import { outboxViewSchema } from '../../src/platform/outbox/outbox.responses';
import { abandonedCartSchema, recoveryFunnelSchema } from '../../src/recovery/recovery.responses';
import { shippingRatesSchema } from '../../src/shipping/shipping.responses';
import { siteSchema } from '../../src/social/social.responses';
import { syncProgressSchema } from '../../src/square/catalog-sync/catalog-sync.responses';
import { squareConfigSchema } from '../../src/square/square-config.responses';
import { AdminClient } from '../support/admin-client';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The answers the API description declares are the answers the routes send: real answers, from a
 * shopper's and the studio's calls, parsed with the same zod schemas. Parsing drops fields a schema
 * does not name, so an answer equal to its parse has no field the description leaves out.
 */
let t: TestApp;
let admin: AdminClient;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO_CATALOG: 'true' });
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(() => t.close());

function expectShape(schema: z.ZodType, body: unknown, what: string): void {
  const parsed = schema.safeParse(body);
  expect({ what, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ what, issues: [] });
  expect({ what, body: parsed.data }).toEqual({ what, body });
}

it("matches the storefront's answers", async () => {
  const products = (await t.http.get('/api/products').expect(200)).body;
  expectShape(z.array(productSchema), products, 'GET /api/products');
  expectShape(productSchema, (await t.http.get(`/api/products/${products[0].id}`).expect(200)).body, 'GET /api/products/{id}');
  expectShape(z.array(categorySchema), (await t.http.get('/api/categories').expect(200)).body, 'GET /api/categories');
  expectShape(siteSchema, (await t.http.get('/api/site').expect(200)).body, 'GET /api/site');
  expectShape(squareConfigSchema, (await t.http.get('/api/square/config').expect(200)).body, 'GET /api/square/config');
  expectShape(healthSchema, (await t.http.get('/api/health').expect(200)).body, 'GET /api/health');
  expectShape(shippingRatesSchema, (await t.http.get('/api/shipping/rates?total=25.00&zipCode=10001').expect(200)).body, 'GET /api/shipping/rates');

  const cart = (await t.http.post('/api/cart').send({ sessionId: 'session_answers_0001' }).expect(201)).body;
  expectShape(cartResponseSchema.shape.cart, cart, 'POST /api/cart');
  const added = (await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: products[0].id, quantity: 1 }).expect(200)).body;
  expectShape(cartResponseSchema, added, 'POST /api/cart/{cartId}/items');
  const contact = (await t.http.patch(`/api/cart/${cart.id}/contact`).send({ name: 'Ada Shopper', email: 'ada@example.com' }).expect(200)).body;
  expectShape(cartResponseSchema, contact, 'PATCH /api/cart/{cartId}/contact');
  expectShape(cartResponseSchema, (await t.http.get('/api/cart/session_answers_0001').expect(200)).body, 'GET /api/cart/{sessionId}');
});

it("matches the studio's answers", async () => {
  const answer = async (path: string, method: 'get' | 'post' = 'get') => {
    const res = await admin[method](path);
    expect({ path, status: res.status }).toEqual({ path, status: method === 'post' ? 201 : 200 });
    return res.body;
  };
  expectShape(signedInUserSchema, await answer('/api/auth/user'), 'GET /api/auth/user');
  expectShape(z.array(adminProductSchema), await answer('/api/admin/products'), 'GET /api/admin/products');
  const { orderId } = await placeOrder(t, 'shipping');
  expectShape(adminOrderPageSchema, await answer('/api/admin/orders'), 'GET /api/admin/orders');
  expectShape(adminOrderDetailSchema, await answer(`/api/admin/orders/${orderId}`), 'GET /api/admin/orders/{id}');
  const shipped = await admin.post(`/api/admin/orders/${orderId}/fulfilment`, { step: 'shipped', carrier: 'USPS', trackingNumber: '9400 1000' });
  expect(shipped.status).toBe(200);
  expectShape(adminOrderDetailSchema, shipped.body, 'POST /api/admin/orders/{id}/fulfilment');
  expectShape(dashboardSchema, await answer('/api/admin/dashboard?timeZone=America/New_York'), 'GET /api/admin/dashboard');
  const status = await t.http.get(`/api/order-status/${t.app.get(OrderStatusLinks).tokenFor(orderId)}`).expect(200);
  expectShape(orderStatusSchema, status.body, 'GET /api/order-status/{token}');
  const testCart = await answer('/api/admin/test-cart', 'post');
  expectShape(cartResponseSchema, testCart, 'POST /api/admin/test-cart');
  const abandoned = await answer('/api/admin/abandoned-carts');
  expect(abandoned.length).toBeGreaterThan(0);
  expectShape(z.array(abandonedCartSchema), abandoned, 'GET /api/admin/abandoned-carts');
  expectShape(recoveryFunnelSchema, await answer('/api/admin/recovery/funnel?days=30'), 'GET /api/admin/recovery/funnel');
  expectShape(streamHistorySchema, await answer(`/api/admin/history/cart/${testCart.cart.id}`), 'GET /api/admin/history/{streamType}/{id}');
  expectShape(outboxViewSchema, await answer('/api/admin/outbox'), 'GET /api/admin/outbox');
  expectShape(z.array(mailSummarySchema), await answer('/api/admin/mail'), 'GET /api/admin/mail');
  expectShape(syncProgressSchema, await answer('/api/admin/sync-square'), 'GET /api/admin/sync-square');
  await t.http.post('/api/newsletter/subscribe').send({ email: 'answers@example.com', name: 'Ann Swers' }).expect(200);
  const subscribers = await answer('/api/admin/subscribers?search=answers');
  expect(subscribers.total).toBe(1);
  expectShape(subscriberPageSchema, subscribers, 'GET /api/admin/subscribers');
});

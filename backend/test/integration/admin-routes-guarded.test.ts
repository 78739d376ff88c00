import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { QUEUE_DASHBOARD_PATH } from '../../src/operator-tools';
import { routesOf } from '../../src/platform/web/route-table';
import { AdminClient } from '../support/admin-client';
import { placeOrder } from '../support/placed-order';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
let ids: Record<string, string>;

interface Route {
  method: string;
  path: string;
}

/** Every route the app registered, read from the controllers' own metadata (nothing listed by hand). */
function registeredRoutes(app: TestApp['app']): Route[] {
  const routes: Route[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as { prototype: object } | undefined;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler));
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        routes.push({ method, path: `/${[base, sub].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/').replace(/\/$/, '') });
      }
    }
  }
  return routes;
}

const ADMIN_ONLY_CART_ROUTES = ['/api/cart/:cartId/abandon', '/api/cart/:cartId/recovery-email'];
const isGuarded = (r: Route) => r.path.startsWith('/api/admin') || ADMIN_ONLY_CART_ROUTES.includes(r.path);

/** Fills the path's parameters with ids of things that exist, so a missing guard would really act. */
const concrete = (path: string) =>
  path
    .replace(':streamType/:id', `product/${ids.productId}`)
    .replace(/:(cartId)/, ids.cartId)
    .replace(/\/:id\/fulfil/, `/${ids.orderId}/fulfil`)
    .replace(/products\/:id/, `products/${ids.productId}`)
    .replace(/incidents\/:id/, `incidents/${ids.incidentId}`)
    .replace(':file', 'message.eml');

const plausibleBody = { name: 'Intruder', description: 'x', price: '1.00', category: 'patches', inStock: true, stockQuantity: 5, trackingNumber: 'X1' };

async function snapshot() {
  const em = t.app.get(MikroORM).em.fork() as EntityManager;
  const [events] = await em.execute('select count(*)::int as n, max(global_position)::text as last from events');
  const [outbox] = await em.execute('select count(*)::int as n from outbox');
  const [sessions] = await em.execute('select count(*)::int as n from sessions');
  const uploads = await readdir(join(t.dataDir, 'uploads')).catch(() => []);
  return { events, outbox, sessions, uploads };
}

beforeAll(async () => {
  t = await startTestApp();
  const admin = await AdminClient.signIn(t.baseUrl);
  const product = await admin.post('/api/admin/products', { name: 'Raven Patch', price: '12.00', category: 'patches', stockQuantity: 3 });
  const cart = await t.http.post('/api/cart').send({ sessionId: 'session_walk_routes' }).expect(201);
  await t.http.post(`/api/cart/${cart.body.id}/items`).send({ productId: product.body.id, quantity: 1 }).expect(200);
  await t.http.patch(`/api/cart/${cart.body.id}/contact`).send({ name: 'Wednesday', email: 'w@example.com' }).expect(200);
  const { orderId } = await placeOrder(t);
  ids = { productId: String(product.body.id), cartId: cart.body.id, orderId, incidentId: randomUUID() };
});
afterAll(async () => {
  await t?.close();
});

describe('every admin route is enforced on the server', () => {
  it('finds the admin routes by walking what the app registered', () => {
    const guarded = registeredRoutes(t.app).filter(isGuarded);
    const names = guarded.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/products',
        'POST /api/admin/products',
        'PATCH /api/admin/products/:id',
        'PUT /api/admin/products/:id/stock',
        'POST /api/admin/uploads',
        'GET /api/admin/orders',
        'POST /api/admin/orders/:id/fulfil',
        'GET /api/admin/orders/:id',
        'POST /api/admin/orders/:id/fulfilment',
        'GET /api/admin/dashboard',
        'GET /api/admin/abandoned-carts',
        'POST /api/admin/test-cart',
        'GET /api/admin/history/:streamType/:id',
        'GET /api/admin/subscribers',
        'GET /api/admin/subscribers.csv',
        'GET /api/admin/incidents',
        'POST /api/admin/incidents/:id/resolve',
        'POST /api/cart/:cartId/abandon',
        'POST /api/cart/:cartId/recovery-email',
      ]),
    );
  });

  it('answers 401 to anonymous callers, 403 to a non-admin and to a foreign Origin, and changes nothing', async () => {
    const before = await snapshot();
    const anonymous = AdminClient.anonymous(t.baseUrl);
    const shopper = await AdminClient.signIn(t.baseUrl, 'shopper@example.com');
    const admin = await AdminClient.signIn(t.baseUrl);
    const afterSignIns = await snapshot();
    const answers: string[] = [];
    for (const route of registeredRoutes(t.app).filter(isGuarded)) {
      const path = concrete(route.path);
      const body = route.method === 'GET' ? undefined : plausibleBody;
      const asAnonymous = await anonymous.call(route.method, path, body);
      const asShopper = await shopper.call(route.method, path, body);
      answers.push(`${route.method} ${route.path}: ${asAnonymous.status} ${asShopper.status}`);
      expect({ route: route.path, status: asAnonymous.status, code: asAnonymous.body?.code }).toEqual({ route: route.path, status: 401, code: 'SIGN_IN_REQUIRED' });
      expect({ route: route.path, status: asShopper.status, code: asShopper.body?.code }).toEqual({ route: route.path, status: 403, code: 'NOT_ADMIN' });
      if (route.method !== 'GET') {
        const foreign = await admin.call(route.method, path, body, { origin: 'https://evil.example' });
        expect({ route: route.path, status: foreign.status, code: foreign.body?.code }).toEqual({ route: route.path, status: 403, code: 'ORIGIN_REFUSED' });
        const noOrigin = await admin.jar.fetch(`${t.baseUrl}${path}`, { method: route.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expect({ route: route.path, status: noOrigin.status }).toEqual({ route: route.path, status: 403 });
      }
    }
    expect(answers.length).toBeGreaterThanOrEqual(12);
    const after = await snapshot();
    expect(after).toEqual(afterSignIns);
    expect(after.events).toEqual(before.events);
  });

  it("guards every route of the queue dashboard (Bull Board, whose routes are Fastify's own) the same way", async () => {
    const fastify = t.app.getHttpAdapter().getInstance();
    const routes = routesOf(fastify).filter((r) => (r.url === QUEUE_DASHBOARD_PATH || r.url.startsWith(`${QUEUE_DASHBOARD_PATH}/`)) && r.method !== 'HEAD');
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(expect.arrayContaining(['GET /admin/queues', 'GET /admin/queues/api/queues', 'PUT /admin/queues/api/queues/:queueName/:jobId/retry']));
    const anonymous = AdminClient.anonymous(t.baseUrl);
    const shopper = await AdminClient.signIn(t.baseUrl, 'shopper@example.com');
    const admin = await AdminClient.signIn(t.baseUrl);
    const before = await snapshot();
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const path = route.url.replace(':queueName', 'email').replace(':jobId', 'no-such-job').replace(':queueStatus', 'failed').replace('*', 'x');
      const asAnonymous = await anonymous.call(route.method, path);
      expect({ route: name, status: asAnonymous.status, code: asAnonymous.body?.code }).toEqual({ route: name, status: 401, code: 'SIGN_IN_REQUIRED' });
      const asShopper = await shopper.call(route.method, path);
      expect({ route: name, status: asShopper.status, code: asShopper.body?.code }).toEqual({ route: name, status: 403, code: 'NOT_ADMIN' });
      if (route.method !== 'GET') {
        const foreign = await admin.call(route.method, path, undefined, { origin: 'https://evil.example' });
        expect({ route: name, status: foreign.status, code: foreign.body?.code }).toEqual({ route: name, status: 403, code: 'ORIGIN_REFUSED' });
      }
    }
    expect(routes.length).toBeGreaterThanOrEqual(20);
    expect((await snapshot()).events).toEqual(before.events);
  });
});

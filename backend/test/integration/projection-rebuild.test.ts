import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandBus } from '@nestjs/cqrs';
import { RunProductCommand } from '../../src/catalog';
import { ProjectionRebuilder } from '../../src/platform/projections/projection-rebuilder';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO_CATALOG: 'true' });
});
afterAll(() => t.close());

const snapshot = async (em: EntityManager) => ({
  products: await em.execute('select * from products order by id'),
  carts: await em.execute('select * from carts order by id'),
  cartItems: await em.execute('select * from cart_items order by id'),
  subscribers: await em.execute('select * from subscribers order by id'),
});

describe('projection rebuild', () => {
  it('replays every event into read tables equal to the live ones', async () => {
    const bus = t.app.get(CommandBus);
    await bus.execute(new RunProductCommand({ kind: 'SetStock', productId: 1, inStock: false, stockQuantity: 0 }));
    await bus.execute(new RunProductCommand({ kind: 'ChangeProductDetails', productId: 3, changes: { priceCents: 9100, name: 'Moth Cardigan (restock)' } }));
    await bus.execute(new RunProductCommand({ kind: 'SetStock', productId: 3, inStock: true, stockQuantity: 2 }));
    const cart = (await t.http.post('/api/cart').send({ sessionId: 'session_rebuild' }).expect(201)).body;
    await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: 2, quantity: 2 }).expect(200);
    const both = await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: 4, quantity: 1 }).expect(200);
    await t.http.patch(`/api/cart/items/${both.body.items[0].id}`).send({ quantity: 3 }).expect(200);
    await t.http.delete(`/api/cart/items/${both.body.items[1].id}`).expect(200);
    await t.http.patch(`/api/cart/${cart.id}/contact`).send({ name: 'Ana', email: 'ana@example.com' }).expect(200);
    // Joined, left and joined again; another stays.
    await t.http.post('/api/newsletter/subscribe').send({ email: 'ana@example.com', name: 'Ana' }).expect(200);
    await t.http.post('/api/newsletter/unsubscribe').send({ email: 'ana@example.com' }).expect(200);
    await t.http.post('/api/newsletter/subscribe').send({ email: 'ana@example.com', name: null }).expect(200);
    await t.http.post('/api/newsletter/subscribe').send({ email: 'bat@example.com', name: null }).expect(200);

    const em = t.app.get(MikroORM).em.fork() as EntityManager;
    const live = await snapshot(em);
    expect(live.products.find((p) => p.id === 3)).toMatchObject({ price_cents: 9100, in_stock: true, stock_quantity: 2, version: 3 });
    expect(live.carts).toEqual([expect.objectContaining({ total_cents: 9600, customer_email: 'ana@example.com', version: 6 })]);
    expect(live.subscribers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'ana@example.com', name: 'Ana', subscribed: true, left_at: null, version: 3 }),
        expect.objectContaining({ email: 'bat@example.com', subscribed: true }),
      ]),
    );

    await em.execute('update products set name = ?, stock_quantity = 99 where id = 5', ['Drifted']);
    await em.execute('update carts set total_cents = 1');
    await em.execute('update subscribers set subscribed = false');
    const result = await t.app.get(ProjectionRebuilder).rebuild();

    expect(result.events).toBe(12 + 3 + 6 + 4);
    expect(await snapshot(em)).toEqual(live);
  });
});

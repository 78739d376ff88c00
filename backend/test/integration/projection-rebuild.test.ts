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

const snapshot = async (em: EntityManager) => em.execute('select * from products order by id');

describe('projection rebuild', () => {
  it('replays every event into read tables equal to the live ones', async () => {
    const bus = t.app.get(CommandBus);
    await bus.execute(new RunProductCommand({ kind: 'SetStock', productId: 1, inStock: false, stockQuantity: 0 }));
    await bus.execute(new RunProductCommand({ kind: 'ChangeProductDetails', productId: 3, changes: { priceCents: 9100, name: 'Moth Cardigan (restock)' } }));
    await bus.execute(new RunProductCommand({ kind: 'SetStock', productId: 3, inStock: true, stockQuantity: 2 }));
    const em = t.app.get(MikroORM).em.fork() as EntityManager;
    const live = await snapshot(em);
    expect(live.find((p) => p.id === 3)).toMatchObject({ price_cents: 9100, in_stock: true, stock_quantity: 2, version: 3 });

    await em.execute('update products set name = ?, stock_quantity = 99 where id = 5', ['Drifted']);
    const result = await t.app.get(ProjectionRebuilder).rebuild();

    expect(result.events).toBe(12 + 3);
    expect(await snapshot(em)).toEqual(live);
  });
});

import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CommandBus } from '@nestjs/cqrs';
import { RunProductCommand } from '../../src/catalog';
import { ConcurrencyError } from '../../src/platform/event-store/concurrency.error';
import { EventStore } from '../../src/platform/event-store/event-store';
import { OutboxRoutes } from '../../src/platform/outbox/outbox-routes';
import { ProjectionRegistry } from '../../src/platform/projections/projection.registry';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
let store: EventStore;
let em: () => EntityManager;

beforeAll(async () => {
  t = await startTestApp();
  store = t.app.get(EventStore);
  em = () => t.app.get(MikroORM).em.fork() as EntityManager;
});
afterAll(() => t.close());

const stream = (id: string) => ({ id, type: 'Test' });

describe('event store', () => {
  it('lets exactly one of 20 concurrent appends at the same expected version through', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => store.append(stream('race-1'), 0, [{ type: 'Tried', data: { writer: i } }])),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r.reason).toBeInstanceOf(ConcurrencyError);
    const loaded = await store.readStream('race-1');
    expect(loaded.version).toBe(1);
    expect(loaded.events).toHaveLength(1);
  });

  it('numbers events on from the expected version and keeps their data and metadata', async () => {
    await store.append(stream('s-2'), 0, [{ type: 'A', data: { text: `it's "quoted" \\ and ? marked` } }]);
    await store.append(stream('s-2'), 1, [
      { type: 'B', data: { n: 1 } },
      { type: 'C', data: { n: 2 } },
    ]);
    const { version, events } = await store.readStream('s-2');
    expect(version).toBe(3);
    expect(events.map((e) => [e.version, e.type])).toEqual([[1, 'A'], [2, 'B'], [3, 'C']]);
    expect(events[0].data).toEqual({ text: `it's "quoted" \\ and ? marked` });
    expect(events[0].metadata).toEqual(expect.objectContaining({ correlationId: expect.any(String), actor: 'system' }));
    await expect(store.append(stream('s-2'), 1, [{ type: 'Late', data: {} }])).rejects.toBeInstanceOf(ConcurrencyError);
  });

  it('refuses an expected version ahead of the stream, leaving no gap', async () => {
    await expect(store.append(stream('s-ahead'), 3, [{ type: 'Skipped', data: {} }])).rejects.toBeInstanceOf(ConcurrencyError);
    await store.append(stream('s-ahead'), 0, [{ type: 'First', data: {} }]);
    await expect(store.append(stream('s-ahead'), 2, [{ type: 'Skipped', data: {} }])).rejects.toBeInstanceOf(ConcurrencyError);
    const { version, events } = await store.readStream('s-ahead');
    expect(version).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['First']);
  });

  it('retries a command that lost a race, so concurrent stock changes all land in order', async () => {
    const bus = t.app.get(CommandBus);
    await bus.execute(
      new RunProductCommand({ kind: 'AddProduct', productId: 9001, name: 'Hex Patch', description: '', priceCents: 800, imageUrl: '/x.svg', category: 'patches', inStock: true, stockQuantity: 1 }),
    );
    await Promise.all(
      [2, 3, 4, 5].map((q) => bus.execute(new RunProductCommand({ kind: 'SetStock', productId: 9001, inStock: true, stockQuantity: q }))),
    );
    const { events } = await store.readStream('product-9001');
    expect(events.map((e) => e.version)).toEqual([1, 2, 3, 4, 5]);
    const [row] = await em().execute('select stock_quantity, version from products where id = 9001');
    expect(row.version).toBe(5);
    expect(row.stock_quantity).toBe((events[4].data as { stockQuantity: number }).stockQuantity);
  });

  it('writes nothing when a projection fails inside the append', async () => {
    t.app.get(OutboxRoutes).route('Doomed', { queue: 'email', jobName: 'doomed' });
    t.app.get(ProjectionRegistry).register({
      name: 'fails-on-doomed',
      tables: [],
      apply: async (_em, e) => {
        if (e.type === 'Doomed') throw new Error('projection broke');
      },
    });
    await expect(store.append(stream('s-doomed'), 0, [{ type: 'Doomed', data: {} }])).rejects.toThrow('projection broke');
    expect((await store.readStream('s-doomed')).events).toHaveLength(0);
    const [outbox] = await em().execute(`select count(*)::int as n from outbox where job_name = 'doomed'`);
    expect(outbox.n).toBe(0);
  });
});

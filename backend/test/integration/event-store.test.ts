import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { oneVariantProduct, Products } from '../../src/catalog';
import { ConcurrencyError } from '../../src/platform/event-store/concurrency.error';
import { EventStore } from '../../src/platform/event-store/event-store';
import { EventBus, ofType } from '@nestjs/cqrs';
import { StreamCommitted } from '../../src/platform/change-feed/committed-events';
import { OutboxRoutes } from '../../src/platform/outbox/outbox-routes';
import { ProjectionRegistry } from '../../src/platform/projections/projection.registry';
import { systemContext } from '../../src/platform/context/request-context';
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

/** The stream ids the EventBus announces commits of from now on, in order. */
function announcedStreams(): string[] {
  const changes: string[] = [];
  t.app
    .get(EventBus)
    .pipe(ofType(StreamCommitted))
    .subscribe((c) => changes.push(c.streamId));
  return changes;
}

describe('event store', () => {
  it('lets exactly one of 20 concurrent appends at the same expected version through', async () => {
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => store.append(stream('race-1'), 0, [{ type: 'Tried', data: { writer: i } }], systemContext())));
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
    await store.append(stream('s-2'), 0, [{ type: 'A', data: { text: `it's "quoted" \\ and ? marked` } }], systemContext());
    await store.append(
      stream('s-2'),
      1,
      [
        { type: 'B', data: { n: 1 } },
        { type: 'C', data: { n: 2 } },
      ],
      systemContext(),
    );
    const { version, events } = await store.readStream('s-2');
    expect(version).toBe(3);
    expect(events.map((e) => [e.version, e.type])).toEqual([
      [1, 'A'],
      [2, 'B'],
      [3, 'C'],
    ]);
    // Read after a version: only what came since, and the version the stream is at even when nothing did.
    const since = await store.readStream('s-2', 1);
    expect([since.version, since.events.map((e) => e.version)]).toEqual([3, [2, 3]]);
    expect(await store.readStream('s-2', 3)).toEqual({ version: 3, events: [] });
    // Reads asked for together go in one query; each still gets its own stream from its own version.
    const together = await Promise.all([store.readStream('s-2'), store.readStream('s-2', 2), store.readStream('s-nothing'), store.readStream('s-2', 1)]);
    expect(together.map((r) => [r.version, r.events.map((e) => `${e.streamId}@${e.version}`)])).toEqual([
      [3, ['s-2@1', 's-2@2', 's-2@3']],
      [3, ['s-2@3']],
      [0, []],
      [3, ['s-2@2', 's-2@3']],
    ]);
    expect(Object.keys(together[0].events[0]).sort()).toEqual(['data', 'eventId', 'globalPosition', 'metadata', 'recordedAt', 'streamId', 'streamType', 'type', 'version']);
    expect(events[0].data).toEqual({ text: `it's "quoted" \\ and ? marked` });
    expect(events[0].metadata).toEqual(expect.objectContaining({ correlationId: expect.any(String), actor: 'system' }));
    await expect(store.append(stream('s-2'), 1, [{ type: 'Late', data: {} }], systemContext())).rejects.toBeInstanceOf(ConcurrencyError);
  });

  it('refuses an expected version ahead of the stream, leaving no gap', async () => {
    await expect(store.append(stream('s-ahead'), 3, [{ type: 'Skipped', data: {} }], systemContext())).rejects.toBeInstanceOf(ConcurrencyError);
    await store.append(stream('s-ahead'), 0, [{ type: 'First', data: {} }], systemContext());
    await expect(store.append(stream('s-ahead'), 2, [{ type: 'Skipped', data: {} }], systemContext())).rejects.toBeInstanceOf(ConcurrencyError);
    const { version, events } = await store.readStream('s-ahead');
    expect(version).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['First']);
  });

  it('retries a command that lost a race, so concurrent stock changes all land in order', async () => {
    const bus = t.app.get(Products);
    await bus.run(
      9001,
      { kind: 'AddProduct', ...oneVariantProduct({ name: 'Hex Patch', description: '', priceCents: 800, imageUrl: '/x.svg', category: 'patches', inStock: true, stockQuantity: 1 }) },
      systemContext(),
    );
    await Promise.all([2, 3, 4, 5].map((q) => bus.run(9001, { kind: 'SetStock', inStock: true, stockQuantity: q }, systemContext())));
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
      writesFor: (e) => {
        if (e.type === 'Doomed') throw new Error('projection broke');
        return [];
      },
    });
    await expect(store.append(stream('s-doomed'), 0, [{ type: 'Doomed', data: {} }], systemContext())).rejects.toThrow('projection broke');
    expect((await store.readStream('s-doomed')).events).toHaveLength(0);
    const [outbox] = await em().execute(`select count(*)::int as n from outbox where job_name = 'doomed'`);
    expect(outbox.n).toBe(0);
  });

  describe('group commit', () => {
    /** An append in flight, so that the appends made meanwhile wait and go together in the next transaction. */
    const inFlight = () => store.append(stream(`busy-${Math.random()}`), 0, [{ type: 'Busy', data: {} }], systemContext());
    /** The transaction's start time, which every event it recorded carries: equal times, one transaction. */
    const transactionsOf = async (streamIds: string[]) =>
      new Set((await em().execute(`select recorded_at::text as at from events where stream_id in (${streamIds.map(() => '?').join(', ')})`, streamIds)).map((r) => r.at)).size;

    it('commits concurrent appends to distinct streams together, each caller getting its own events', async () => {
      const ids = Array.from({ length: 8 }, (_, i) => `grouped-${i}`);
      const [, ...results] = await Promise.all([
        inFlight(),
        ...ids.map((id, i) =>
          store.append(
            stream(id),
            0,
            [
              { type: 'Grouped', data: { i } },
              { type: 'Again', data: { i } },
            ],
            systemContext(),
          ),
        ),
      ]);
      results.forEach((events, i) => {
        expect(events.map((e) => [e.streamId, e.version, e.type, e.data])).toEqual([
          [ids[i], 1, 'Grouped', { i }],
          [ids[i], 2, 'Again', { i }],
        ]);
      });
      expect(await transactionsOf(ids)).toBe(1);
      const [stored] = await em().execute(`select count(*)::int as n from events where stream_id like 'grouped-%'`);
      expect(stored.n).toBe(16);
    });

    it('refuses the one stale writer of a group and lets the others through', async () => {
      await store.append(stream('stale-1'), 0, [{ type: 'First', data: {} }], systemContext());
      const [, ...results] = await Promise.allSettled([
        inFlight(),
        store.append(stream('fresh-1'), 0, [{ type: 'Fresh', data: {} }], systemContext()),
        store.append(stream('stale-1'), 0, [{ type: 'Stale', data: {} }], systemContext()),
        store.append(stream('ahead-1'), 4, [{ type: 'Ahead', data: {} }], systemContext()),
        store.append(stream('fresh-2'), 0, [{ type: 'Fresh', data: {} }], systemContext()),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream('stale-1')).events.map((e) => e.type)).toEqual(['First']);
      expect((await store.readStream('ahead-1')).events).toHaveLength(0);
      expect(await transactionsOf(['fresh-1', 'fresh-2'])).toBe(1);
    });

    it("writes a group's projections with its append, all or none: none for a stale writer, the stored time and ids for the others", async () => {
      await em().execute('create table group_marks (event_id uuid primary key, stream_id text, version integer, recorded_at timestamptz)');
      t.app.get(ProjectionRegistry).register({
        name: 'marks',
        tables: [],
        writesFor: (e) => (e.type === 'Marked' ? [{ sql: 'insert into group_marks values (?, ?, ?, ?)', params: [e.eventId, e.streamId, e.version, e.recordedAt] }] : []),
      });
      await store.append(stream('marked-stale'), 0, [{ type: 'First', data: {} }], systemContext());
      const [, ...results] = await Promise.allSettled([
        inFlight(),
        store.append(stream('marked-1'), 0, [{ type: 'Marked', data: {} }], systemContext()),
        store.append(stream('marked-stale'), 0, [{ type: 'Marked', data: {} }], systemContext()),
        store.append(stream('marked-2'), 0, [{ type: 'Marked', data: {} }], systemContext()),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const stored = await em().execute<{ stream_id: string }[]>(`select event_id, stream_id, version, recorded_at from events where type = 'Marked' order by stream_id`);
      expect(await em().execute('select event_id, stream_id, version, recorded_at from group_marks order by stream_id')).toEqual(stored);
      expect(stored.map((row) => row.stream_id)).toEqual(['marked-1', 'marked-2']);
    });

    it('retries a group whose projection refused a write member by member: only the refused append fails', async () => {
      await em().execute('create table group_claims (claim text primary key)');
      t.app.get(ProjectionRegistry).register({
        name: 'claims',
        tables: [],
        writesFor: (e) => (e.type === 'Claimed' ? [{ sql: 'insert into group_claims (claim) values (?)', params: [(e.data as { claim: string }).claim] }] : []),
      });
      const [, ...results] = await Promise.allSettled([
        inFlight(),
        store.append(stream('claim-1'), 0, [{ type: 'Claimed', data: { claim: 'raven' } }], systemContext()),
        store.append(stream('claim-2'), 0, [{ type: 'Claimed', data: { claim: 'raven' } }], systemContext()),
        store.append(stream('claim-3'), 0, [{ type: 'Claimed', data: { claim: 'moth' } }], systemContext()),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(UniqueConstraintViolationException);
      expect((await store.readStream('claim-2')).events).toHaveLength(0);
      expect(await em().execute('select claim from group_claims order by claim')).toEqual([{ claim: 'moth' }, { claim: 'raven' }]);
    });

    it('falls back to one by one when another transaction raced the group to a stream', async () => {
      // Two processes' appends at the same version: the loser's whole statement fails on the unique key.
      const other = t.app.get(MikroORM).em.fork() as EntityManager;
      const racer = other.transactional(async (tx) => {
        await tx.execute(`insert into events (event_id, stream_id, stream_type, version, type, data, metadata) values (gen_random_uuid(), 'raced-1', 'Test', 1, 'Racer', '{}', '{}')`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [, ...results] = await Promise.allSettled([
        inFlight(),
        store.append(stream('raced-1'), 0, [{ type: 'Late', data: {} }], systemContext()),
        store.append(stream('unraced-1'), 0, [{ type: 'Fine', data: {} }], systemContext()),
      ]);
      await racer;
      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
      expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream('raced-1')).events.map((e) => e.type)).toEqual(['Racer']);
    });

    it('keeps appends made inside inOneTransaction in that transaction, announced after it commits', async () => {
      const changes = announcedStreams();
      await expect(
        store.inOneTransaction('group-test', async (tx) => {
          await tx.append(stream('joined-1'), 0, [{ type: 'Joined', data: {} }], systemContext());
          expect(changes).not.toContain('joined-1');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect((await store.readStream('joined-1')).events).toHaveLength(0);
      await store.inOneTransaction('group-test', async (tx) => {
        await tx.append(stream('joined-2'), 0, [{ type: 'First', data: {} }], systemContext());
        await tx.append(stream('joined-2'), 1, [{ type: 'Second', data: {} }], systemContext());
        expect((await tx.execute<{ type: string }>('select type from events where stream_id = ? order by version', ['joined-2'])).map((e) => e.type)).toEqual(['First', 'Second']);
        expect((await store.readStream('joined-2')).events).toHaveLength(0);
      });
      expect(changes).toContain('joined-2');
      expect((await store.readStream('joined-2')).events.map((e) => e.type)).toEqual(['First', 'Second']);
    });

    it('reports a transaction whose statement failed as rolled back, even when the work went on past the failure', async () => {
      const changes = announcedStreams();
      await expect(
        store.inOneTransaction('group-test', async (tx) => {
          await tx.append(stream('swallowed-1'), 0, [{ type: 'Kept', data: {} }], systemContext());
          await tx.execute('select 1 / 0').catch(() => undefined);
        }),
      ).rejects.toThrow('rolled back');
      expect((await store.readStream('swallowed-1')).events).toHaveLength(0);
      expect(changes).not.toContain('swallowed-1');
    });
  });
});

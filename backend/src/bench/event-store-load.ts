import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { withAppContext } from '../bootstrap';
import { loadSettings } from '../platform/config/app-config';
import { systemContext } from '../platform/context/request-context';
import { createScratchDatabase } from '../platform/database/scratch-database';
import { EventStore } from '../platform/event-store/event-store';
import { ProjectionRebuilder } from '../platform/projections/projection-rebuilder';

const onScratchDatabase = async <T>(work: (app: INestApplicationContext) => Promise<T>): Promise<T> => {
  const database = await createScratchDatabase('bench');
  try {
    const settings = loadSettings({ DATABASE_URL: database.url, LOG_LEVEL: 'warn', SEED_DEMO_CATALOG: 'false' });
    return await withAppContext({ ...settings, databaseUrl: database.url, embeddedDatabase: false }, work);
  } finally {
    await database.drop();
  }
};

/** `writers` concurrent writers, each appending one event at a time to its own stream, through the store's API. */
export function measureAppends(writers: number, seconds: number) {
  return onScratchDatabase(async (app) => {
    const store = app.get(EventStore);
    const caller = systemContext();
    const deadline = Date.now() + seconds * 1000;
    let events = 0;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const stream = { id: `bench-${w}`, type: 'Bench' };
        for (let version = 0; Date.now() < deadline; version++) {
          await store.append(stream, version, [{ type: 'BenchRecorded', data: { n: version } }], caller);
          events++;
        }
      }),
    );
    return { writers, events, eventsPerSec: Math.round(events / seconds) };
  });
}

/**
 * A projection rebuild of `total` cart events (carts created, lines added, changed, removed),
 * written straight into the events table first.
 */
export function measureRebuild(total: number) {
  return onScratchDatabase(async (app) => {
    const em = app.get(MikroORM).em.fork() as EntityManager;
    const carts = Math.ceil(total / 5);
    await em.execute(
      `insert into events (event_id, stream_id, stream_type, version, type, data, metadata)
       select gen_random_uuid(), 'cart-' || c.id, 'Cart', e.version, e.type, e.data, '{"correlationId":"bench","actor":"bench"}'
       from (select gen_random_uuid() as id, gen_random_uuid() as item_a, gen_random_uuid() as item_b from generate_series(1, ?)) c
       cross join lateral (values
         (1, 'CartCreated', jsonb_build_object('cartId', c.id, 'sessionId', 'bench_' || c.id)),
         (2, 'ItemAdded', jsonb_build_object('itemId', c.item_a, 'productId', 1, 'name', 'Patch', 'imageUrl', '/p.svg', 'unitPriceCents', 900, 'quantity', 1)),
         (3, 'ItemAdded', jsonb_build_object('itemId', c.item_b, 'productId', 2, 'name', 'Pin', 'imageUrl', '/q.svg', 'unitPriceCents', 500, 'quantity', 2)),
         (4, 'ItemQuantityChanged', jsonb_build_object('itemId', c.item_a, 'quantity', 3)),
         (5, 'ItemRemoved', jsonb_build_object('itemId', c.item_b))
       ) as e (version, type, data)
       order by c.id, e.version`,
      [carts],
    );
    const started = performance.now();
    const { events } = await app.get(ProjectionRebuilder).rebuild();
    const seconds = (performance.now() - started) / 1000;
    return { events, seconds: Math.round(seconds * 10) / 10, eventsPerSec: Math.round(events / seconds) };
  });
}

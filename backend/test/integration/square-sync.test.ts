import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SquareClient, type Square } from 'square';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { AdminClient } from '../support/admin-client';
import { startTestApp, TestApp } from '../support/test-app';

const ITEMS = 500;
let t: TestApp;
let admin: AdminClient;
let square: SquareClient;

const name = (n: number) => `Sync Item ${String(n).padStart(3, '0')}`;

/** 500 items in the test's own emulator: prices, two categories (one the shop does not know), counts. */
async function seedSquare(): Promise<void> {
  const categories: Square.CatalogObject[] = [
    { type: 'CATEGORY', id: '#pride', categoryData: { name: 'Pride Collection' } },
    { type: 'CATEGORY', id: '#hats', categoryData: { name: 'Hats' } },
  ];
  const items: Square.CatalogObject[] = Array.from({ length: ITEMS }, (_, i) => ({
    type: 'ITEM',
    id: `#item-${i}`,
    presentAtAllLocations: true,
    itemData: {
      name: name(i),
      description: `Square item ${i}`,
      categories: [{ id: i % 2 ? '#pride' : '#hats' }],
      variations: [
        {
          type: 'ITEM_VARIATION',
          id: `#var-${i}`,
          presentAtAllLocations: true,
          itemVariationData: { itemId: `#item-${i}`, name: 'Regular', pricingType: 'FIXED_PRICING', priceMoney: { amount: BigInt(1000 + i), currency: 'USD' } },
        },
      ],
    },
  }));
  const upserted = await square.catalog.batchUpsert({ idempotencyKey: randomUUID(), batches: [{ objects: [...categories, ...items] }] });
  const variationId = new Map(upserted.idMappings?.map((m) => [m.clientObjectId!, m.objectId!]));
  const occurredAt = new Date().toISOString();
  for (let at = 0; at < ITEMS; at += 100) {
    const changes: Square.InventoryChange[] = Array.from({ length: Math.min(100, ITEMS - at) }, (_, k) => ({
      type: 'PHYSICAL_COUNT',
      physicalCount: { catalogObjectId: variationId.get(`#var-${at + k}`)!, state: 'IN_STOCK', locationId: EMULATOR_LOCATION_ID, quantity: String((at + k) % 4), occurredAt },
    }));
    await square.inventory.batchCreateChanges({ idempotencyKey: randomUUID(), changes });
  }
}

/** Renames the item called `current` in the test's Square catalogue. */
async function renameInSquare(current: string, renamed: string): Promise<void> {
  const [item] = (await square.catalog.searchItems({ textFilter: current })).items ?? [];
  await square.catalog.batchUpsert({
    idempotencyKey: randomUUID(),
    batches: [{ objects: [{ ...item, itemData: { ...(item as Square.CatalogObject.Item).itemData, name: renamed } } as Square.CatalogObject] }],
  });
}

const eventCount = async () => {
  const [row] = await (t.app.get(MikroORM).em.fork() as EntityManager).execute('select count(*)::int as n from events');
  return row.n as number;
};

beforeAll(async () => {
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0' });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  await seedSquare();
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

describe('Square catalogue sync', () => {
  it('leaves the catalogue as it was when Square fails on page 3', async () => {
    const before = await eventCount();
    // Two list calls go through, the third answers 503.
    t.square.faults.next('ListCatalog', { kind: 'slow', delayMs: 0 }, 2);
    t.square.faults.next('ListCatalog', { kind: 'unavailable' });
    const failed = await admin.post('/api/admin/sync-square');
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: 'SQUARE_SYNC_FAILED', message: expect.stringMatching(/Nothing was changed/) });
    expect(await eventCount()).toBe(before);
  });

  it('brings 500 items over page by page, matching Square', async () => {
    const synced = await admin.post('/api/admin/sync-square');
    expect(synced.status).toBe(200);
    expect(synced.body.products).toBeGreaterThanOrEqual(ITEMS);
    const products = (await t.http.get('/api/products').expect(200)).body as { name: string; price: string; category: string; inStock: boolean; stockQuantity: number }[];
    for (const i of [0, 1, 2, 3, 250, 499]) {
      const p = products.find((x) => x.name === name(i));
      expect({ i, ...p }).toMatchObject({
        i,
        price: ((1000 + i) / 100).toFixed(2),
        category: i % 2 ? 'pride' : 'other',
        stockQuantity: i % 4,
        inStock: i % 4 > 0,
      });
    }
    expect(products.filter((p) => p.name.startsWith('Sync Item '))).toHaveLength(ITEMS);
  });

  it('records no event when run again with nothing changed', async () => {
    const before = await eventCount();
    const again = await admin.post('/api/admin/sync-square');
    expect(again.status).toBe(200);
    expect(again.body.changes).toBe(0);
    expect(await eventCount()).toBe(before);
  });

  it('is seen by a second API process right after the job ends', async () => {
    const second = await startTestApp({ ...t.squareEnv, SQUARE_SYNC_EVERY_MS: '0' }, { shareDatabaseOf: t });
    try {
      // The second process holds the catalogue in memory before the change.
      const cachedName = name(7);
      expect((await second.http.get('/api/products').expect(200)).body.some((p: { name: string }) => p.name === cachedName)).toBe(true);
      await renameInSquare(cachedName, `${cachedName} Renamed`);
      expect((await admin.post('/api/admin/sync-square')).body.changes).toBe(1);
      for (const app of [t, second]) {
        const names = (await app.http.get('/api/products').expect(200)).body.map((p: { name: string }) => p.name);
        expect(names).toContain(`${cachedName} Renamed`);
      }
    } finally {
      await second.close();
    }
  });

  it('runs for the admin who asked: the changes name them and carry their request’s correlation id', async () => {
    await renameInSquare(name(8), `${name(8)} Renamed`);
    const correlationId = randomUUID();
    const synced = await admin.call('POST', '/api/admin/sync-square', undefined, { 'x-correlation-id': correlationId });
    expect(synced.body.changes).toBe(1);
    const em = t.app.get(MikroORM).em.fork() as EntityManager;
    const [renamed] = await em.execute(`select metadata from events where data->>'name' = ?`, [`${name(8)} Renamed`]);
    expect(renamed.metadata).toMatchObject({ actor: 'admin:owner@darkcircle.test', correlationId });
  });
});

import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { SquareClient, type Square } from 'square';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { QueueRegistry } from '../../src/platform/outbox/queue.registry';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_WEBHOOK_SIGNATURE_KEY, webhookSignature } from '../../src/stand-ins';
import { AdminClient } from '../support/admin-client';
import { eventCount, sql } from '../support/shop-fixtures';
import { picturesCopied } from '../support/square-pictures';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
let square: SquareClient;
let admin: AdminClient;

interface ShopProduct {
  id: number;
  name: string;
  imageUrl: string;
  images: string[];
}

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Moves the outbox to the queues (this process's worker runs the jobs) until `done` holds. */
const relayUntil = (done: () => Promise<boolean>) =>
  until(async () => {
    await t.app.get(OutboxRelay).tick();
    return done();
  });

/** Every job on the `square` and `pictures` queues is done (the schedules, the sweeps, always hold their next run). */
async function squareIdle(): Promise<void> {
  await t.square.webhooks.settled();
  const queues = t.app.get(QueueRegistry);
  await until(async () => {
    await t.app.get(OutboxRelay).tick();
    const square = (await queues.get('square').getJobs(['active', 'waiting', 'delayed'])).every((job) => !job || Boolean(job.repeatJobKey));
    return square && (await queues.get('pictures').getJobCountByTypes('active', 'waiting', 'delayed')) === 0;
  });
}

const products = async () => (await t.http.get('/api/products').expect(200)).body as ShopProduct[];
const named = async (name: string) => (await products()).find((p) => p.name === name);

/** The last catalog.version.updated the emulator sent, and the sync job it started (if any) once it ended. */
async function lastCatalogWebhook(): Promise<{ eventId: string; updatedAt: string; job: { returnvalue: any } | undefined }> {
  await t.square.webhooks.settled();
  const delivery = t.square.webhooks
    .deliveries()
    .filter((d) => d.type === 'catalog.version.updated')
    .at(-1)!;
  const body = JSON.parse(delivery.body);
  const queue = t.app.get(QueueRegistry).get('square');
  await until(async () => {
    const job = await queue.getJob(`catalog-version-${body.event_id}`);
    return !job || (await job.isCompleted()) || (await job.isFailed());
  });
  return { eventId: body.event_id, updatedAt: body.data.object.catalog_version.updated_at, job: await queue.getJob(`catalog-version-${body.event_id}`) };
}

/** A Square item with one priced variation and the emulator's picture `svg` (served by the emulator itself, as Square's CDN serves its files). */
async function squareItem(name: string, svg: string): Promise<Square.CatalogObject.Item> {
  const written = await square.catalog.batchUpsert({
    idempotencyKey: randomUUID(),
    batches: [
      {
        objects: [
          { type: 'IMAGE', id: '#picture', imageData: { name, url: `/images/products/${svg}.svg` } },
          {
            type: 'ITEM',
            id: '#item',
            itemData: {
              name,
              description: `${name}, from the stall`,
              imageIds: ['#picture'],
              variations: [
                { type: 'ITEM_VARIATION', id: '#variation', itemVariationData: { name: 'Regular', pricingType: 'FIXED_PRICING', priceMoney: { amount: 1800n, currency: 'USD' } } },
              ],
            },
          },
        ],
      },
    ],
  });
  return written.objects!.find((o) => o.type === 'ITEM') as Square.CatalogObject.Item;
}

beforeAll(async () => {
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0' }, { squareWebhooks: {} });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  admin = await AdminClient.signIn(t.baseUrl);
  // The studio's whole Square catalogue (the emulator's demo items, each with its picture) brought over once.
  const synced = await admin.post('/api/admin/sync-square');
  expect(synced.status).toBe(200);
  expect(synced.body).toEqual({ message: expect.stringMatching(/^Synced \d+ products from Square/), products: expect.any(Number), changes: expect.any(Number), since: null });
  await picturesCopied(t);
  await squareIdle();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("Square's pictures on the shop's origin", () => {
  it('lists every synced product with a copy the shop serves, never a picture on Square’s host', async () => {
    const listed = await products();
    expect(listed.length).toBeGreaterThan(5);
    for (const p of listed) {
      expect(p.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{24}-800\.webp$/);
      for (const picture of p.images) expect(picture).toMatch(/^\/uploads\//);
    }
    expect(JSON.stringify(listed)).not.toContain(t.square.url);
  });

  it('copies the picture of an item added in Square: the product has none until the copy exists, then the copy in each size, cached for a year', async () => {
    const item = await squareItem('Moth Sampler', 'moth');
    const { job } = await lastCatalogWebhook();
    // The webhook's sync read only the new item; its picture is not copied yet, so the product shows none (never Square's).
    expect(job?.returnvalue).toMatchObject({ products: 1, since: expect.any(String) });
    const before = await named('Moth Sampler');
    expect(before).toMatchObject({ imageUrl: '', images: [] });

    await relayUntil(async () => (await named('Moth Sampler'))?.imageUrl.startsWith('/uploads/') === true);
    const product = (await named('Moth Sampler'))!;
    expect(product.images).toEqual([product.imageUrl]);
    const [{ id }] = await sql<{ id: string }>(t, 'select id from square_pictures where id = ?', [item.itemData!.imageIds![0]]);
    expect(id).toBe(item.itemData!.imageIds![0]);

    const sizes = { 400: 'webp', 800: 'webp', 1600: 'webp', 1200: 'jpeg', 192: 'png' } as const;
    for (const [width, format] of Object.entries(sizes)) {
      const url = product.imageUrl.replace('-800.webp', `-${width}.${format === 'jpeg' ? 'jpg' : format}`);
      const res = await fetch(t.baseUrl + url);
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toBe(`image/${format}`);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ url, format: meta.format, width: meta.width }).toEqual({ url, format, width: Number(width) });
    }
    // The emails draw the stored thumbnail; the picture is the shop's, so it is not a redirect to Square.
    const email = await fetch(`${t.baseUrl}/email-images/${product.id}.png`, { redirect: 'manual' });
    expect(email.status).toBe(200);
  });

  it('copies a picture once, whichever syncs read it', async () => {
    const [{ n: pictures }] = await sql<{ n: number }>(t, 'select count(*)::int as n from square_pictures');
    const [{ n: asked }] = await sql<{ n: number }>(t, "select count(*)::int as n from events where type = 'SquarePictureWanted'");
    const synced = await admin.post('/api/admin/sync-square');
    expect(synced.body).toMatchObject({ changes: 0, since: null });
    await squareIdle();
    expect((await sql<{ n: number }>(t, "select count(*)::int as n from events where type = 'SquarePictureWanted'"))[0].n).toBe(asked);
    expect((await sql<{ n: number }>(t, 'select count(*)::int as n from square_pictures where picture is not null'))[0].n).toBe(pictures);
  });
});

describe("the shop's own writes to Square", () => {
  it('start no sync: the catalog.version.updated a product written to Square causes is known for the shop’s own', async () => {
    const added = await admin.post('/api/admin/products', { name: 'Bat Patch', description: 'Hand-stitched.', price: '12.00', category: 'patches', stockQuantity: 3 });
    expect(added.status).toBe(201);
    await relayUntil(async () => (await sql(t, 'select 1 from products where id = ? and square_item_id is not null', [added.body.id])).length === 1);
    await squareIdle();
    const echo = await lastCatalogWebhook();
    const events = await eventCount(t);
    // Either the webhook was known at once (no job), or its job found the write recorded when its turn came: no read either way.
    if (echo.job) expect(echo.job.returnvalue).toMatchObject({ ownWrite: true, changes: 0, products: 0 });
    expect((await sql(t, 'select 1 from square_own_catalog_writes where updated_at = ?::timestamptz', [echo.updatedAt])).length).toBe(1);
    await squareIdle();
    expect(await eventCount(t)).toBe(events);

    // The same version announced again (a redelivery under another id) is answered as the shop's own.
    const body = JSON.stringify({
      merchant_id: 'M',
      type: 'catalog.version.updated',
      event_id: randomUUID(),
      created_at: new Date().toISOString(),
      data: { type: 'catalog_version', object: { catalog_version: { updated_at: echo.updatedAt } } },
    });
    const url = `${t.baseUrl}/api/square/webhooks`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': webhookSignature(EMULATOR_WEBHOOK_SIGNATURE_KEY, url, body) },
      body,
    });
    expect(await res.json()).toEqual({ received: true, ownWrite: true });
    expect(
      await t.app
        .get(QueueRegistry)
        .get('square')
        .getJob(`catalog-version-${JSON.parse(body).event_id}`),
    ).toBeUndefined();
  });
});

describe('a sync after a webhook', () => {
  it('reads only what changed in Square since the last sync, and says since when', async () => {
    const [{ since }] = await sql<{ since: string }>(t, 'select since from square_catalog_sync');
    const [item] = (await square.catalog.searchItems({ textFilter: 'Moth Sampler' })).items ?? [];
    const events = await eventCount(t);
    await square.catalog.batchUpsert({
      idempotencyKey: randomUUID(),
      batches: [{ objects: [{ ...item, itemData: { ...(item as Square.CatalogObject.Item).itemData, name: 'Moth Sampler, Framed' } } as Square.CatalogObject] }],
    });
    const { job } = await lastCatalogWebhook();
    // One item read (not the studio's own Bat Patch written since), one change: the new name.
    expect(job?.returnvalue).toMatchObject({ products: 1, changes: 1, since, message: `Synced 1 products changed since ${since} from Square (1 changes).` });
    expect(await eventCount(t)).toBe(events + 1);
    expect(await named('Moth Sampler, Framed')).toMatchObject({ imageUrl: expect.stringMatching(/^\/uploads\//) });
    // The next one starts where this one left off.
    const [{ since: next }] = await sql<{ since: string }>(t, 'select since from square_catalog_sync');
    expect(Date.parse(next)).toBeGreaterThan(Date.parse(since));
  });

  it("keeps a product's picture when Square gives it another, until the new one is copied", async () => {
    const before = (await named('Moth Sampler, Framed'))!;
    const [item] = (await square.catalog.searchItems({ textFilter: 'Moth Sampler' })).items as Square.CatalogObject.Item[];
    await square.catalog.batchUpsert({
      idempotencyKey: randomUUID(),
      batches: [
        {
          objects: [
            { type: 'IMAGE', id: '#bat', imageData: { name: 'Bat', url: '/images/products/bat.svg' } },
            { ...item, itemData: { ...item.itemData, imageIds: ['#bat'] } },
          ],
        },
      ],
    });
    const { job } = await lastCatalogWebhook();
    expect(job?.returnvalue).toMatchObject({ products: 1, changes: 0 });
    expect((await named('Moth Sampler, Framed'))!.imageUrl).toBe(before.imageUrl);
    await relayUntil(async () => (await named('Moth Sampler, Framed'))!.imageUrl !== before.imageUrl);
    expect((await named('Moth Sampler, Framed'))!.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{24}-800\.webp$/);
  });

  it('records a picture Square no longer serves as not copied; the product keeps none of Square’s, and the next sync asks again', async () => {
    const item = await squareItem('Lost Sampler', 'no-such-picture');
    const imageId = item.itemData!.imageIds![0];
    await lastCatalogWebhook();
    await relayUntil(async () => (await sql<{ failed: boolean }>(t, 'select failed from square_pictures where id = ?', [imageId]))[0]?.failed === true);
    await squareIdle();
    expect(await named('Lost Sampler')).toMatchObject({ imageUrl: '', images: [] });
    const asked = async () => (await sql<{ n: number }>(t, "select count(*)::int as n from events where stream_id = ? and type = 'SquarePictureWanted'", [`square-picture-${imageId}`]))[0].n;
    expect(await asked()).toBe(1);
    await admin.post('/api/admin/sync-square');
    expect(await asked()).toBe(2);
  });
});

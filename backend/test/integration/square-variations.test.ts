import { randomUUID } from 'node:crypto';
import { SquareClient, type Square } from 'square';
import { systemContext } from '../../src/platform/context/request-context';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { QueueRegistry } from '../../src/platform/outbox/queue.registry';
import { CatalogSync } from '../../src/square/catalog-sync/catalog-sync';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { AdminClient } from '../support/admin-client';
import { payForCart, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { until } from '../support/until';

let t: TestApp;
let square: SquareClient;
let admin: AdminClient;

interface ShopVariant {
  id: string;
  name: string;
  options: Record<string, string>;
  price: string;
  stockQuantity: number;
  inStock: boolean;
}
interface ShopProduct {
  id: number;
  name: string;
  options: { name: string; values: string[] }[];
  variants: ShopVariant[];
}

/** The Square side of "Hex Tee": the item, its Size option and the variation of each size. */
const hexTee = { itemId: '', optionId: '', valueIds: new Map<string, string>(), variations: new Map<string, string>() };
let productId: number;

/** Moves the outbox to the queues until `done` holds (this process's worker runs the jobs). */
const relayUntil = (done: () => Promise<boolean>) =>
  until(async () => {
    await t.app.get(OutboxRelay).tick();
    return done();
  });

async function squareCounts(variations: string[]): Promise<number[]> {
  const page = await square.inventory.batchGetCounts({ catalogObjectIds: variations, locationIds: [EMULATOR_LOCATION_ID], states: ['IN_STOCK'] });
  return variations.map((v) => Number(page.data.find((c) => c.catalogObjectId === v)?.quantity ?? 0));
}

const shopProduct = async (id: number) => (await t.http.get(`/api/products/${id}`).expect(200)).body as ShopProduct;
const variantOf = (p: ShopProduct, size: string) => p.variants.find((v) => v.options.Size === size);
const stockBySize = async (id: number) => Object.fromEntries((await shopProduct(id)).variants.map((v) => [v.options.Size, v.stockQuantity]));

/**
 * A sync once Square's webhooks are delivered and the syncs they started are done: two syncs at
 * once would both import a new item.
 */
async function sync() {
  await t.square.webhooks.settled();
  const queue = t.app.get(QueueRegistry).get('square');
  // The schedules (the sweeps) always hold their next run: only the other jobs must be done.
  await until(async () => (await queue.getJobs(['active', 'waiting', 'delayed'])).every((job) => !job || Boolean(job.repeatJobKey)));
  return t.app.get(CatalogSync).run(systemContext());
}

const count = (variation: string, quantity: number): Square.InventoryChange => ({
  type: 'PHYSICAL_COUNT',
  physicalCount: { catalogObjectId: variation, state: 'IN_STOCK', locationId: EMULATOR_LOCATION_ID, quantity: String(quantity), occurredAt: new Date().toISOString() },
});

const variation = (size: string, cents: number, id = `#tee-${size}`): Square.CatalogObject => ({
  type: 'ITEM_VARIATION',
  id,
  itemVariationData: {
    name: size,
    sku: `HEX-${size}`,
    pricingType: 'FIXED_PRICING',
    priceMoney: { amount: BigInt(cents), currency: 'USD' },
    trackInventory: true,
    itemOptionValues: [{ itemOptionId: hexTee.optionId || '#size', itemOptionValueId: hexTee.valueIds.get(size) ?? `#size-${size}` }],
  },
});

const item = async (id: string) => (await square.catalog.object.get({ objectId: id })).object as Square.CatalogObject.Item;
const variationsOf = (i: Square.CatalogObject.Item) => (i.itemData?.variations ?? []) as Square.CatalogObject.ItemVariation[];

const pay = (cartId: string, amountCents: number) => payForCart(t, cartId, amountCents);

async function newCart(): Promise<string> {
  const created = await t.http
    .post('/api/cart')
    .send({ sessionId: `session_${randomUUID()}`, totalAmount: '0.00' })
    .expect(201);
  return created.body.id as string;
}

beforeAll(async () => {
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0' }, { squareWebhooks: {} });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  admin = await AdminClient.signIn(t.baseUrl);
  // The stall's catalogue: a tee in Size S, M and L at three prices, with its own counts.
  const created = await square.catalog.batchUpsert({
    idempotencyKey: randomUUID(),
    batches: [
      {
        objects: [
          {
            type: 'ITEM_OPTION',
            id: '#size',
            itemOptionData: { name: 'Size', values: ['S', 'M', 'L'].map((s) => ({ type: 'ITEM_OPTION_VAL', id: `#size-${s}`, itemOptionValueData: { name: s } })) },
          },
          {
            type: 'ITEM',
            id: '#tee',
            itemData: {
              name: 'Hex Tee',
              description: 'A sigil on soft cotton',
              itemOptions: [{ itemOptionId: '#size' }],
              variations: [variation('S', 3000), variation('M', 3200), variation('L', 3400)],
            },
          },
        ],
      },
    ],
  });
  const real = new Map(created.idMappings!.map((m) => [m.clientObjectId!, m.objectId!]));
  hexTee.itemId = real.get('#tee')!;
  hexTee.optionId = real.get('#size')!;
  for (const s of ['S', 'M', 'L']) {
    hexTee.valueIds.set(s, real.get(`#size-${s}`)!);
    hexTee.variations.set(s, real.get(`#tee-${s}`)!);
  }
  await square.inventory.batchCreateChanges({
    idempotencyKey: randomUUID(),
    changes: [count(hexTee.variations.get('S')!, 5), count(hexTee.variations.get('M')!, 4), count(hexTee.variations.get('L')!, 3)],
  });
  await t.square.webhooks.settled();
});
afterAll(async () => {
  await t?.close();
});

describe('Square, both ways, per variation', () => {
  it('imports an item with Size S/M/L at different prices as one product with three variants, each with its own count', async () => {
    await sync();
    const products = (await t.http.get('/api/products').expect(200)).body as ShopProduct[];
    const tees = products.filter((p) => p.name === 'Hex Tee');
    expect(tees).toHaveLength(1);
    productId = tees[0]!.id;
    const tee = await shopProduct(productId);
    expect(tee.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L'] }]);
    expect(tee.variants.map((v) => [v.name, v.options, v.price, v.stockQuantity])).toEqual([
      ['S', { Size: 'S' }, '30.00', 5],
      ['M', { Size: 'M' }, '32.00', 4],
      ['L', { Size: 'L' }, '34.00', 3],
    ]);
    const links = await sql<{ id: string; square_variation_id: string }>(t, 'select id, square_variation_id from product_variants where product_id = ? order by position', [productId]);
    expect(links.map((l) => l.square_variation_id)).toEqual(['S', 'M', 'L'].map((s) => hexTee.variations.get(s)));
  });

  it("sends an online sale of M to M's variation in Square, and only M's", async () => {
    const cart = await newCart();
    const m = variantOf(await shopProduct(productId), 'M')!;
    await t.http.post(`/api/cart/${cart}/items`).send({ productId, variantId: m.id, quantity: 1 }).expect(200);
    expect((await pay(cart, 3200).expect(200)).body.success).toBe(true);
    const [s, mVariation, l] = ['S', 'M', 'L'].map((size) => hexTee.variations.get(size)!);
    await relayUntil(async () => (await squareCounts([mVariation]))[0] === 3);
    await t.square.webhooks.settled();
    expect(await squareCounts([s, mVariation, l])).toEqual([5, 3, 3]);
    expect(await stockBySize(productId)).toEqual({ S: 5, M: 3, L: 3 });
  });

  it('brings a stall sale of L (a Square adjustment, then its webhook) to L within 5 s, and only to L', async () => {
    const started = Date.now();
    await square.inventory.batchCreateChanges({
      idempotencyKey: randomUUID(),
      changes: [
        {
          type: 'ADJUSTMENT',
          adjustment: {
            catalogObjectId: hexTee.variations.get('L')!,
            fromState: 'IN_STOCK',
            toState: 'SOLD',
            fromLocationId: EMULATOR_LOCATION_ID,
            quantity: '1',
            occurredAt: new Date().toISOString(),
          },
        },
      ],
    });
    await until(async () => (await stockBySize(productId)).L === 2, 5000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await stockBySize(productId)).toEqual({ S: 5, M: 3, L: 2 });
  });

  it('keeps both sales through a sync: no units are given back', async () => {
    await sync();
    expect(await stockBySize(productId)).toEqual({ S: 5, M: 3, L: 2 });
    expect(await squareCounts(['S', 'M', 'L'].map((s) => hexTee.variations.get(s)!))).toEqual([5, 3, 2]);
  });

  it('brings a variation added in Square over as a new variant, and stops selling one deleted there', async () => {
    const option = (await square.catalog.object.get({ objectId: hexTee.optionId })).object as Square.CatalogObject.ItemOption;
    const grown = await square.catalog.object.upsert({
      idempotencyKey: randomUUID(),
      object: {
        ...option,
        itemOptionData: { ...option.itemOptionData, values: [...option.itemOptionData!.values!, { type: 'ITEM_OPTION_VAL', id: '#size-XL', itemOptionValueData: { name: 'XL' } }] },
      },
    });
    hexTee.valueIds.set('XL', grown.idMappings!.find((m) => m.clientObjectId === '#size-XL')!.objectId!);
    const tee = await item(hexTee.itemId);
    // S is left out of the item (Square deletes it); XL is new.
    const kept = variationsOf(tee).filter((v) => v.id !== hexTee.variations.get('S'));
    const written = await square.catalog.batchUpsert({
      idempotencyKey: randomUUID(),
      batches: [{ objects: [{ ...tee, itemData: { ...tee.itemData, variations: [...kept, variation('XL', 3600, '#tee-XL')] } }] }],
    });
    hexTee.variations.set('XL', written.idMappings!.find((m) => m.clientObjectId === '#tee-XL')!.objectId!);
    await square.inventory.batchCreateChanges({ idempotencyKey: randomUUID(), changes: [count(hexTee.variations.get('XL')!, 2)] });

    const sVariant = variantOf(await shopProduct(productId), 'S')!;
    await sync();
    const after = await shopProduct(productId);
    expect(after.options).toEqual([{ name: 'Size', values: ['M', 'L', 'XL'] }]);
    expect(after.variants.map((v) => [v.name, v.price, v.stockQuantity])).toEqual([
      ['M', '32.00', 3],
      ['L', '34.00', 2],
      ['XL', '36.00', 2],
    ]);
    // S is kept (past orders name it) but no longer sold.
    const [removed] = await sql<{ removed: boolean }>(t, 'select removed from product_variants where id = ?', [sVariant.id]);
    expect(removed).toEqual({ removed: true });
    // The variant exists, so it is not "not found": it is no longer for sale, which reads as sold out.
    const refused = await t.http.post(`/api/cart/${await newCart()}/items`).send({ productId, variantId: sVariant.id, quantity: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('OUT_OF_STOCK');
  });

  it('creates a product added in the admin with sizes in Square, with its counts, linked per variation; an edit is written back', async () => {
    const added = await admin.post('/api/admin/products', {
      name: 'Moth Beanie',
      description: 'Ribbed knit with a moth',
      category: 'apparel',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { options: { Size: 'S' }, price: '25.00', stockQuantity: 4, sku: 'MOTH-S' },
        { options: { Size: 'M' }, price: '27.00', stockQuantity: 6, sku: 'MOTH-M' },
      ],
    });
    expect(added.status).toBe(201);
    const beanieId = added.body.id as number;
    const linked = async () =>
      (await sql<{ square_variation_id: string | null }>(t, 'select square_variation_id from product_variants where product_id = ? and not removed order by position', [beanieId])).map(
        (r) => r.square_variation_id,
      );
    // Linked, then the units go to Square as the link's stock changes.
    await relayUntil(async () => (await linked()).every(Boolean) && (await squareCounts((await linked()) as string[])).join() === '4,6');
    const [{ square_item_id: itemId }] = await sql<{ square_item_id: string }>(t, 'select square_item_id from products where id = ?', [beanieId]);
    const beanie = await item(itemId);
    expect(beanie.itemData).toMatchObject({ name: 'Moth Beanie', description: 'Ribbed knit with a moth' });
    const sizeOption = (await square.catalog.object.get({ objectId: beanie.itemData!.itemOptions![0]!.itemOptionId! })).object as Square.CatalogObject.ItemOption;
    expect(sizeOption.itemOptionData?.name).toBe('Size');
    const valueName = new Map(sizeOption.itemOptionData!.values!.map((v) => [v.id!, (v as Square.CatalogObject.ItemOptionVal).itemOptionValueData!.name]));
    expect(
      variationsOf(beanie).map((v) => [
        v.id,
        valueName.get(v.itemVariationData!.itemOptionValues![0]!.itemOptionValueId!),
        Number(v.itemVariationData!.priceMoney!.amount),
        v.itemVariationData!.sku,
      ]),
    ).toEqual([
      [(await linked())[0], 'S', 2500, 'MOTH-S'],
      [(await linked())[1], 'M', 2700, 'MOTH-M'],
    ]);
    expect(await squareCounts((await linked()) as string[])).toEqual([4, 6]);

    // The studio renames it, re-prices S, drops M and adds L.
    const variants = (await admin.get('/api/admin/products')).body.find((p: { id: number }) => p.id === beanieId).variants as { id: string; options: { Size: string } }[];
    const s = variants.find((v) => v.options.Size === 'S')!;
    const edited = await admin.patch(`/api/admin/products/${beanieId}`, {
      name: 'Moth Beanie II',
      options: [{ name: 'Size', values: ['S', 'L'] }],
      variants: [
        { id: s.id, options: { Size: 'S' }, price: '26.00', sku: 'MOTH-S' },
        { options: { Size: 'L' }, price: '29.00', stockQuantity: 2, sku: 'MOTH-L' },
      ],
    });
    expect(edited.status).toBe(200);
    const skus = async () => variationsOf(await item(itemId)).map((v) => v.itemVariationData!.sku);
    await relayUntil(async () => (await linked()).every(Boolean) && (await skus()).join() === 'MOTH-S,MOTH-L' && (await squareCounts((await linked()) as string[])).join() === '4,2');
    const after = await item(itemId);
    expect(after.itemData?.name).toBe('Moth Beanie II');
    expect(variationsOf(after).map((v) => [v.itemVariationData!.sku, Number(v.itemVariationData!.priceMoney!.amount)])).toEqual([
      ['MOTH-S', 2600],
      ['MOTH-L', 2900],
    ]);
    expect(await squareCounts((await linked()) as string[])).toEqual([4, 2]);

    // A sync of what the shop wrote changes nothing, and nothing it records goes back to Square.
    await t.square.webhooks.settled();
    const synced = await sync();
    expect((await shopProduct(beanieId)).variants.map((v) => [v.name, v.price, v.stockQuantity])).toEqual([
      ['S', '26.00', 4],
      ['L', '29.00', 2],
    ]);
    expect(synced.stockCorrections?.filter((c) => c.productId === beanieId)).toEqual([]);
    const beanies = ((await t.http.get('/api/products').expect(200)).body as ShopProduct[]).filter((p) => p.name.startsWith('Moth Beanie'));
    expect(beanies).toHaveLength(1);
  });

  it("keeps a stock change the studio makes while the product is being written to Square: Square's count and the shop's both end at it", async () => {
    // The item's upsert is answered 1.5 s late: the studio changes the stock after the write read the product, before the link.
    t.square.faults.next('BatchUpsertCatalogObjects', { kind: 'slow', delayMs: 1_500 });
    const added = await admin.post('/api/admin/products', { name: 'Coffin Pin', category: 'other', price: '8.00', inStock: true, stockQuantity: 10 });
    expect(added.status).toBe(201);
    const pinId = added.body.id as number;
    await relayUntil(async () => !t.square.faults.pending().BatchUpsertCatalogObjects);
    expect((await admin.put(`/api/admin/products/${pinId}/stock`, { inStock: true, stockQuantity: 4 })).status).toBe(200);

    const variation = async () =>
      (await sql<{ square_variation_id: string | null }>(t, 'select square_variation_id from product_variants where product_id = ?', [pinId]))[0]?.square_variation_id;
    await relayUntil(async () => {
      const id = await variation();
      return Boolean(id) && (await squareCounts([id!]))[0] === 4;
    });
    // Square's count of 10, when it comes back, does not undo the change; nor does a sync.
    await t.square.webhooks.settled();
    expect((await shopProduct(pinId)).variants.map((v) => v.stockQuantity)).toEqual([4]);
    await sync();
    expect((await shopProduct(pinId)).variants.map((v) => v.stockQuantity)).toEqual([4]);
    expect(await squareCounts([(await variation())!])).toEqual([4]);
  });

  it('recovers from a failure after the item was created: a retry counts it, with no twin product and no units lost', async () => {
    // Square takes the item, then fails the counts: the job is retried, and the sync its upsert started runs in between.
    t.square.faults.next('BatchChangeInventory', { kind: 'unavailable' });
    const added = await admin.post('/api/admin/products', {
      name: 'Bat Tote',
      category: 'other',
      options: [{ name: 'Size', values: ['S', 'L'] }],
      variants: [
        { options: { Size: 'S' }, price: '18.00', stockQuantity: 3 },
        { options: { Size: 'L' }, price: '22.00', stockQuantity: 7 },
      ],
    });
    expect(added.status).toBe(201);
    const toteId = added.body.id as number;
    const variations = async () =>
      (await sql<{ square_variation_id: string | null }>(t, 'select square_variation_id from product_variants where product_id = ? and not removed order by position', [toteId])).map(
        (r) => r.square_variation_id,
      );
    await relayUntil(async () => {
      const linked = await variations();
      return linked.every(Boolean) && (await squareCounts(linked as string[])).join() === '3,7';
    });
    await sync();
    expect(((await t.http.get('/api/products').expect(200)).body as ShopProduct[]).filter((p) => p.name === 'Bat Tote')).toHaveLength(1);
    expect(await stockBySize(toteId)).toEqual({ S: 3, L: 7 });
  });

  it('leaves products that came from Square to Square: an admin edit of one is not written back', async () => {
    const before = (await item(hexTee.itemId)).version;
    const edited = await admin.patch(`/api/admin/products/${productId}`, { description: 'Edited in the shop' });
    expect(edited.status).toBe(200);
    const [changed] = await sql<{ event_id: string }>(t, "select event_id from events where stream_id = ? and type = 'ProductDetailsChanged' order by version desc limit 1", [
      `product-${productId}`,
    ]);
    const queue = t.app.get(QueueRegistry).get('square');
    await relayUntil(async () => (await (await queue.getJob(changed!.event_id))?.isCompleted()) === true);
    expect((await queue.getJob(changed!.event_id))?.returnvalue).toBe('from-square');
    expect((await item(hexTee.itemId)).version).toBe(before);
  });
});

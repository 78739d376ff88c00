import { randomUUID } from 'node:crypto';
import { serialization, Square } from 'square';
import { DEMO_CATALOG } from '../../src/catalog/demo-catalog';
import { EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { schemaProblems, squareError, startTestEmulator, wire } from '../support/square-emulator';

/** Catalogue, inventory and customers of the emulator, driven by the `square` SDK and checked on the wire against its schemas. */
describe('Square emulator: catalogue, inventory and customers', () => {
  let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
  const key = () => randomUUID();
  const allItems = async (): Promise<Square.CatalogObject[]> => {
    const objects: Square.CatalogObject[] = [];
    for await (const object of await emulator.client.catalog.list({ types: 'ITEM' })) objects.push(object);
    return objects;
  };
  const itemData = (o: Square.CatalogObject) => (o as Square.CatalogObject.Item).itemData!;
  const variationId = (o: Square.CatalogObject): string => itemData(o).variations![0].id!;

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
    await emulator.removeData();
  });

  it('starts with the demo catalogue: items with priced variations, categories, images it serves and counts', async () => {
    const items = await allItems();
    expect(items.map((i) => itemData(i).name).sort()).toEqual(DEMO_CATALOG.map((p) => p.name).sort());
    const raven = items.find((i) => itemData(i).name === 'Raven Embroidered Hoodie')!;
    const variation = itemData(raven).variations![0] as Square.CatalogObject.ItemVariation;
    expect(variation.itemVariationData).toMatchObject({ itemId: raven.id, pricingType: 'FIXED_PRICING', priceMoney: { amount: 6800n, currency: 'USD' }, trackInventory: true });

    const categories = await emulator.client.catalog.list({ types: 'CATEGORY' });
    const categoryNames = categories.data.map((c) => (c as Square.CatalogObject.Category).categoryData?.name);
    expect(categoryNames).toEqual(expect.arrayContaining(['Clothing', 'Patches', 'Framed Art']));
    expect(
      itemData(raven).categories?.map((c) => categories.data.find((k) => k.id === c.id) && (categories.data.find((k) => k.id === c.id) as Square.CatalogObject.Category).categoryData?.name),
    ).toEqual(['Clothing']);

    const images = await emulator.client.catalog.list({ types: 'IMAGE' });
    const image = images.data.find((i) => i.id === itemData(raven).imageIds?.[0]) as Square.CatalogObject.Image;
    expect(image.imageData?.url).toBe(`${emulator.url}/images/products/raven.svg`);
    const svg = await fetch(image.imageData!.url!);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');

    const counts = await emulator.client.inventory.batchGetCounts({ catalogObjectIds: [variation.id], locationIds: [EMULATOR_LOCATION_ID] });
    expect(counts.data.map((c) => [c.state, c.quantity])).toEqual([['IN_STOCK', '6']]);

    const raw = await wire(emulator, 'GET', '/v2/catalog/list');
    expect(schemaProblems(serialization.ListCatalogResponse, raw.body)).toEqual([]);
    expect(new Set(raw.body.objects.map((o: { type: string }) => o.type))).toEqual(new Set(['CATEGORY', 'IMAGE', 'ITEM', 'ITEM_OPTION']));
  });

  it('seeds a sized product with the Size item option: each variation names its value, XL has none in stock', async () => {
    const coven = (await allItems()).find((i) => itemData(i).name === 'Coven Zip Hoodie')!;
    const [size] = (await emulator.client.catalog.list({ types: 'ITEM_OPTION' })).data as Square.CatalogObject.ItemOption[];
    expect(size.itemOptionData).toMatchObject({ name: 'Size', displayName: 'Size' });
    const valueName = new Map(size.itemOptionData!.values!.map((v) => [v.id!, (v as Square.CatalogObject.ItemOptionVal).itemOptionValueData!.name]));
    expect(itemData(coven).itemOptions).toEqual([{ itemOptionId: size.id }]);
    const variations = itemData(coven).variations as Square.CatalogObject.ItemVariation[];
    expect(variations.map((v) => v.itemVariationData!.itemOptionValues!.map((ov) => [ov.itemOptionId, valueName.get(ov.itemOptionValueId!)]))).toEqual(
      ['S', 'M', 'L', 'XL'].map((s) => [[size.id, s]]),
    );
    expect(variations.map((v) => Number(v.itemVariationData!.priceMoney!.amount))).toEqual([7200, 7200, 7200, 7600]);
    expect(itemData(coven).imageIds).toHaveLength(3);
    const counts = await emulator.client.inventory.batchGetCounts({ catalogObjectIds: variations.map((v) => v.id!), locationIds: [EMULATOR_LOCATION_ID] });
    expect(variations.map((v) => counts.data.find((c) => c.catalogObjectId === v.id)?.quantity)).toEqual(['3', '1', '4', '0']);
  });

  it('upserts 230 items with temporary ids and lists them in pages of 100', async () => {
    const objects: Square.CatalogObject[] = [{ type: 'CATEGORY', id: '#gloom', categoryData: { name: 'Gloom' } }];
    for (let i = 1; i <= 230; i++) {
      objects.push({
        type: 'ITEM',
        id: `#item-${i}`,
        itemData: {
          name: `Gloom Patch ${i}`,
          description: i === 17 ? 'A moth of ashen silk.' : 'Black on black.',
          categories: [{ id: '#gloom' }],
          variations: [
            {
              type: 'ITEM_VARIATION',
              id: `#variation-${i}`,
              itemVariationData: { name: 'Regular', sku: `GLOOM-${i}`, pricingType: 'FIXED_PRICING', priceMoney: { amount: BigInt(500 + i), currency: 'USD' }, trackInventory: true },
            },
          ],
        },
      });
    }
    const upserted = await emulator.client.catalog.batchUpsert({ idempotencyKey: key(), batches: [{ objects: objects.slice(0, 120) }, { objects: objects.slice(120) }] });
    expect(upserted.idMappings).toHaveLength(1 + 230 * 2);
    expect(upserted.objects).toHaveLength(231);
    const mapped = new Map(upserted.idMappings!.map((m) => [m.clientObjectId, m.objectId]));
    const item17 = upserted.objects!.find((o) => o.id === mapped.get('#item-17'))!;
    expect(itemData(item17).categories).toEqual([{ id: mapped.get('#gloom') }]);
    expect(itemData(item17).variations?.map((v) => [v.id, (v as Square.CatalogObject.ItemVariation).itemVariationData?.itemId])).toEqual([[mapped.get('#variation-17'), item17.id]]);
    expect(typeof item17.version).toBe('bigint');

    const pages: number[] = [];
    let page = await emulator.client.catalog.list({ types: 'ITEM' });
    pages.push(page.data.length);
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      pages.push(page.data.length);
    }
    expect(pages).toEqual([100, 100, 230 + DEMO_CATALOG.length - 200]);
    const items = await allItems();
    expect(new Set(items.map((i) => i.id)).size).toBe(230 + DEMO_CATALOG.length);

    const first = await wire(emulator, 'GET', '/v2/catalog/list?types=item,category');
    expect(first.body.objects).toHaveLength(100);
    expect(schemaProblems(serialization.ListCatalogResponse, first.body)).toEqual([]);
    const second = await wire(emulator, 'GET', `/v2/catalog/list?types=ITEM,CATEGORY&cursor=${encodeURIComponent(first.body.cursor)}`);
    expect(second.body.objects.map((o: { id: string }) => o.id)).not.toContain(first.body.objects[0].id);
    const variations = await wire(emulator, 'GET', '/v2/catalog/list?types=ITEM_VARIATION');
    expect(variations.body.objects.every((o: { type: string }) => o.type === 'ITEM_VARIATION')).toBe(true);
    expect(schemaProblems(serialization.ListCatalogResponse, variations.body)).toEqual([]);
  });

  it('checks batch upserts on the wire: answer shape, idempotency, unknown ids and missing fields', async () => {
    const body = {
      idempotency_key: key(),
      batches: [
        {
          objects: [
            {
              type: 'ITEM',
              id: '#wire',
              item_data: {
                name: 'Wire Hoodie',
                variations: [
                  { type: 'ITEM_VARIATION', id: '#wire-v', item_variation_data: { name: 'Regular', pricing_type: 'FIXED_PRICING', price_money: { amount: 4400, currency: 'USD' } } },
                ],
              },
            },
          ],
        },
      ],
    };
    const created = await wire(emulator, 'POST', '/v2/catalog/batch-upsert', body);
    expect(created.status).toBe(200);
    expect(schemaProblems(serialization.BatchUpsertCatalogObjectsResponse, created.body)).toEqual([]);
    expect(Date.parse(created.body.updated_at)).not.toBeNaN();
    const again = await wire(emulator, 'POST', '/v2/catalog/batch-upsert', body);
    expect(again.body).toEqual(created.body);
    expect((await allItems()).filter((i) => itemData(i).name === 'Wire Hoodie')).toHaveLength(1);

    const reused = await wire(emulator, 'POST', '/v2/catalog/batch-upsert', { ...body, batches: [{ objects: [{ type: 'CATEGORY', id: '#c', category_data: { name: 'x' } }] }] });
    expect(reused.status).toBe(400);
    expect(reused.body.errors[0]).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    const unknown = await wire(emulator, 'POST', '/v2/catalog/batch-upsert', {
      idempotency_key: key(),
      batches: [{ objects: [{ type: 'ITEM', id: 'NOSUCHOBJECT', item_data: { name: 'x' } }] }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'objects[0].id' });
    expect(schemaProblems(serialization.BatchUpsertCatalogObjectsResponse, unknown.body)).toEqual([]);

    const missing = await wire(emulator, 'POST', '/v2/catalog/batch-upsert', { batches: [] });
    expect(missing.body.errors[0]).toMatchObject({ code: 'MISSING_REQUIRED_PARAMETER', field: 'idempotency_key' });

    const dangling = await wire(emulator, 'POST', '/v2/catalog/batch-upsert', {
      idempotency_key: key(),
      batches: [{ objects: [{ type: 'ITEM', id: '#d', item_data: { name: 'Dangling', categories: [{ id: '#nowhere' }] } }] }],
    });
    expect(dangling.body.errors[0]).toMatchObject({ code: 'INVALID_VALUE', field: 'objects[0].item_data.categories[0].id' });
    expect((await allItems()).some((i) => itemData(i).name === 'Dangling')).toBe(false);
  });

  it('replaces an item by its id, dropping the variations it no longer lists', async () => {
    const created = await emulator.client.catalog.batchUpsert({
      idempotencyKey: key(),
      batches: [
        {
          objects: [
            {
              type: 'ITEM',
              id: '#two',
              itemData: {
                name: 'Two Sizes',
                variations: [
                  { type: 'ITEM_VARIATION', id: '#small', itemVariationData: { name: 'Small', pricingType: 'FIXED_PRICING', priceMoney: { amount: 1000n, currency: 'USD' } } },
                  { type: 'ITEM_VARIATION', id: '#large', itemVariationData: { name: 'Large', pricingType: 'FIXED_PRICING', priceMoney: { amount: 1200n, currency: 'USD' } } },
                ],
              },
            },
          ],
        },
      ],
    });
    const item = created.objects![0];
    const small = itemData(item).variations![0];
    const updated = await emulator.client.catalog.batchUpsert({
      idempotencyKey: key(),
      batches: [
        {
          objects: [
            {
              type: 'ITEM',
              id: item.id!,
              version: item.version,
              itemData: {
                name: 'One Size',
                variations: [
                  {
                    ...small,
                    itemVariationData: { ...(small as Square.CatalogObject.ItemVariation).itemVariationData, priceMoney: { amount: 1100n, currency: 'USD' } },
                  } as Square.CatalogObject,
                ],
              },
            },
          ],
        },
      ],
    });
    const after = updated.objects![0];
    expect(itemData(after).name).toBe('One Size');
    expect(after.version! > item.version!).toBe(true);
    expect(itemData(after).variations?.map((v) => [v.id, (v as Square.CatalogObject.ItemVariation).itemVariationData?.priceMoney?.amount])).toEqual([[small.id, 1100n]]);
    const added = await emulator.client.catalog.batchUpsert({
      idempotencyKey: key(),
      batches: [
        {
          objects: [{ type: 'ITEM_VARIATION', id: '#xl', itemVariationData: { itemId: item.id!, name: 'XL', pricingType: 'FIXED_PRICING', priceMoney: { amount: 1300n, currency: 'USD' } } }],
        },
      ],
    });
    const xl = added.objects![0] as Square.CatalogObject.ItemVariation;
    expect(xl.itemVariationData?.itemId).toBe(item.id);
    const orphan = await wire(emulator, 'POST', '/v2/catalog/batch-upsert', {
      idempotency_key: key(),
      batches: [{ objects: [{ type: 'ITEM_VARIATION', id: '#o', item_variation_data: { name: 'Orphan' } }] }],
    });
    expect(orphan.body.errors[0]).toMatchObject({ code: 'MISSING_REQUIRED_PARAMETER', field: 'objects[0].item_variation_data.item_id' });

    const ofItem: string[] = [];
    for await (const v of await emulator.client.catalog.list({ types: 'ITEM_VARIATION' })) {
      if ((v as Square.CatalogObject.ItemVariation).itemVariationData?.itemId === item.id) ofItem.push(v.id!);
    }
    expect(ofItem.sort()).toEqual([small.id, xl.id].sort());
  });

  it('searches items by text and category, in pages', async () => {
    const moth = await emulator.client.catalog.searchItems({ textFilter: 'ashen MOTH' });
    expect(moth.items?.map((i) => itemData(i).name)).toEqual(['Gloom Patch 17']);
    const hoodie = await emulator.client.catalog.searchItems({ textFilter: 'raven' });
    // The sized hoodie has a raven in its description.
    expect(hoodie.items?.map((i) => itemData(i).name).sort()).toEqual(['Coven Zip Hoodie', 'Raven Embroidered Hoodie']);
    const bySku = await emulator.client.catalog.searchItems({ textFilter: 'GLOOM-230' });
    expect(bySku.matchedVariationIds).toEqual([variationId(bySku.items![0])]);

    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await emulator.client.catalog.searchItems({ textFilter: 'gloom patch', limit: 100, cursor });
      names.push(...(page.items ?? []).map((i) => itemData(i).name!));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(names).toHaveLength(230);
    expect(names.slice(0, 3)).toEqual(['Gloom Patch 1', 'Gloom Patch 10', 'Gloom Patch 100']);

    const categories = await emulator.client.catalog.list({ types: 'CATEGORY' });
    const patches = categories.data.find((c) => (c as Square.CatalogObject.Category).categoryData?.name === 'Patches')!;
    const inPatches = await emulator.client.catalog.searchItems({ categoryIds: [patches.id!] });
    expect(inPatches.items?.map((i) => itemData(i).name).sort()).toEqual(
      DEMO_CATALOG.filter((p) => p.category === 'patches')
        .map((p) => p.name)
        .sort(),
    );

    const raw = await wire(emulator, 'POST', '/v2/catalog/search-catalog-items', { text_filter: 'gloom', limit: 5 });
    expect(raw.body.items).toHaveLength(5);
    expect(schemaProblems(serialization.SearchCatalogItemsResponse, raw.body)).toEqual([]);
    const none = await wire(emulator, 'POST', '/v2/catalog/search-catalog-items', { text_filter: 'sunshine' });
    expect(none.body).toEqual({});
    const badCursor = await wire(emulator, 'POST', '/v2/catalog/search-catalog-items', { cursor: 'nonsense' });
    expect(badCursor.body.errors[0]).toMatchObject({ code: 'INVALID_CURSOR' });
    expect(schemaProblems(serialization.SearchCatalogItemsResponse, badCursor.body)).toEqual([]);
  });

  it('records physical counts and adjustments and pages through counts', async () => {
    const items = (await allItems()).filter((i) => itemData(i).name?.startsWith('Gloom Patch'));
    const occurredAt = new Date().toISOString();
    for (let i = 0; i < items.length; i += 100) {
      await emulator.client.inventory.batchCreateChanges({
        idempotencyKey: key(),
        changes: items.slice(i, i + 100).map((item) => ({
          type: 'PHYSICAL_COUNT' as const,
          physicalCount: { catalogObjectId: variationId(item), state: 'IN_STOCK' as const, locationId: EMULATOR_LOCATION_ID, quantity: '10', occurredAt },
        })),
      });
    }
    const target = variationId(items[0]);
    const sold = await emulator.client.inventory.batchCreateChanges({
      idempotencyKey: key(),
      changes: [
        {
          type: 'ADJUSTMENT',
          adjustment: {
            catalogObjectId: target,
            fromState: 'IN_STOCK',
            toState: 'SOLD',
            fromLocationId: EMULATOR_LOCATION_ID,
            toLocationId: EMULATOR_LOCATION_ID,
            quantity: '3',
            occurredAt,
          },
        },
      ],
    });
    expect(sold.counts?.map((c) => [c.catalogObjectId, c.state, c.quantity])).toEqual([[target, 'IN_STOCK', '7']]);

    const counted: Square.InventoryCount[] = [];
    for await (const count of await emulator.client.inventory.batchGetCounts({ catalogObjectIds: items.map(variationId), limit: 100 })) counted.push(count);
    expect(counted).toHaveLength(230);
    expect(counted.find((c) => c.catalogObjectId === target)?.quantity).toBe('7');
    expect(counted.filter((c) => c.quantity === '10')).toHaveLength(229);

    const raw = await wire(emulator, 'POST', '/v2/inventory/counts/batch-retrieve', { catalog_object_ids: items.map(variationId), limit: 100 });
    expect(raw.body.counts).toHaveLength(100);
    expect(raw.body.cursor).toEqual(expect.any(String));
    expect(schemaProblems(serialization.BatchGetInventoryCountsResponse, raw.body)).toEqual([]);

    const change = await wire(emulator, 'POST', '/v2/inventory/changes/batch-create', {
      idempotency_key: key(),
      changes: [
        {
          type: 'ADJUSTMENT',
          adjustment: { catalog_object_id: target, from_state: 'NONE', to_state: 'IN_STOCK', location_id: EMULATOR_LOCATION_ID, quantity: '2', occurred_at: occurredAt },
        },
      ],
    });
    expect(change.status).toBe(200);
    expect(change.body.counts).toEqual([expect.objectContaining({ catalog_object_id: target, state: 'IN_STOCK', quantity: '9' })]);
    expect(schemaProblems(serialization.BatchChangeInventoryResponse, change.body)).toEqual([]);

    const unknown = await wire(emulator, 'POST', '/v2/inventory/changes/batch-create', {
      idempotency_key: key(),
      changes: [
        { type: 'PHYSICAL_COUNT', physical_count: { catalog_object_id: 'NOSUCHVARIATION', state: 'IN_STOCK', location_id: EMULATOR_LOCATION_ID, quantity: '1', occurred_at: occurredAt } },
      ],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'changes[0].physical_count.catalog_object_id' });
    expect(schemaProblems(serialization.BatchChangeInventoryResponse, unknown.body)).toEqual([]);

    const badQuantity = await squareError(
      emulator.client.inventory.batchCreateChanges({
        idempotencyKey: key(),
        changes: [{ type: 'PHYSICAL_COUNT', physicalCount: { catalogObjectId: target, state: 'IN_STOCK', locationId: EMULATOR_LOCATION_ID, quantity: 'lots', occurredAt } }],
      }),
    );
    expect(badQuantity.statusCode).toBe(400);
    expect(badQuantity.errors[0]).toMatchObject({ code: 'INVALID_VALUE', field: 'changes[0].physical_count.quantity' });
    const missingTime = await wire(emulator, 'POST', '/v2/inventory/changes/batch-create', {
      idempotency_key: key(),
      changes: [{ type: 'PHYSICAL_COUNT', physical_count: { catalog_object_id: target, state: 'IN_STOCK', location_id: EMULATOR_LOCATION_ID, quantity: '1' } }],
    });
    expect(missingTime.body.errors[0]).toMatchObject({ code: 'MISSING_REQUIRED_PARAMETER', field: 'changes[0].physical_count.occurred_at' });
    const after = await emulator.client.inventory.batchGetCounts({ catalogObjectIds: [target] });
    expect(after.data.map((c) => c.quantity)).toEqual(['9']);
  });

  it('creates customers once per idempotency key and finds them by email', async () => {
    const idempotencyKey = key();
    const created = await emulator.client.customers.create({ idempotencyKey, givenName: 'Morticia', familyName: 'Addams', emailAddress: 'Morticia@Example.com' });
    expect(created.customer).toMatchObject({ givenName: 'Morticia', emailAddress: 'Morticia@Example.com', creationSource: 'THIRD_PARTY' });
    const again = await emulator.client.customers.create({ idempotencyKey, givenName: 'Morticia', familyName: 'Addams', emailAddress: 'Morticia@Example.com' });
    expect(again.customer?.id).toBe(created.customer?.id);
    await emulator.client.customers.create({ givenName: 'Wednesday', emailAddress: 'wednesday@nevermore.edu' });

    const exact = await emulator.client.customers.search({ query: { filter: { emailAddress: { exact: 'morticia@example.com' } } } });
    expect(exact.customers?.map((c) => c.id)).toEqual([created.customer?.id]);
    const fuzzy = await emulator.client.customers.search({ query: { filter: { emailAddress: { fuzzy: 'nevermore' } } } });
    expect(fuzzy.customers?.map((c) => c.givenName)).toEqual(['Wednesday']);
    const nobody = await emulator.client.customers.search({ query: { filter: { emailAddress: { exact: 'lurch@example.com' } } } });
    expect(nobody.customers).toBeUndefined();

    const rawCreate = await wire(emulator, 'POST', '/v2/customers', { given_name: 'Gomez', email_address: 'gomez@example.com' });
    expect(schemaProblems(serialization.CreateCustomerResponse, rawCreate.body)).toEqual([]);
    const rawSearch = await wire(emulator, 'POST', '/v2/customers/search', { query: { filter: { email_address: { exact: 'gomez@example.com' } } }, count: true });
    expect(rawSearch.body.count).toBe(1);
    expect(schemaProblems(serialization.SearchCustomersResponse, rawSearch.body)).toEqual([]);

    const empty = await wire(emulator, 'POST', '/v2/customers', { note: 'no name' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]).toMatchObject({ code: 'MISSING_REQUIRED_PARAMETER' });
    expect(schemaProblems(serialization.CreateCustomerResponse, empty.body)).toEqual([]);
    const badEmail = await squareError(emulator.client.customers.create({ givenName: 'Thing', emailAddress: 'not an email' }));
    expect(badEmail.errors[0]).toMatchObject({ code: 'INVALID_EMAIL_ADDRESS', field: 'email_address' });
  });

  it('writes item options with their values, checks the values a variation names, and retrieves objects with what they refer to', async () => {
    const body = {
      idempotency_key: key(),
      batches: [
        {
          objects: [
            {
              type: 'ITEM_OPTION',
              id: '#colour',
              item_option_data: {
                name: 'Colour',
                values: [
                  { type: 'ITEM_OPTION_VAL', id: '#black', item_option_value_data: { name: 'Black' } },
                  { type: 'ITEM_OPTION_VAL', id: '#purple', item_option_value_data: { name: 'Purple' } },
                ],
              },
            },
            {
              type: 'ITEM',
              id: '#tote',
              item_data: {
                name: 'Tote',
                item_options: [{ item_option_id: '#colour' }],
                variations: ['black', 'purple'].map((c) => ({
                  type: 'ITEM_VARIATION',
                  id: `#tote-${c}`,
                  item_variation_data: {
                    name: c,
                    pricing_type: 'FIXED_PRICING',
                    price_money: { amount: 2000, currency: 'USD' },
                    item_option_values: [{ item_option_id: '#colour', item_option_value_id: `#${c}` }],
                  },
                })),
              },
            },
          ],
        },
      ],
    };
    const created = await wire(emulator, 'POST', '/v2/catalog/batch-upsert', body);
    expect(created.status).toBe(200);
    expect(schemaProblems(serialization.BatchUpsertCatalogObjectsResponse, created.body)).toEqual([]);
    const id = (ref: string) => created.body.id_mappings.find((m: { client_object_id: string }) => m.client_object_id === ref).object_id as string;
    const [option, item] = created.body.objects;
    expect(option.item_option_data.values.map((v: { id: string; item_option_value_data: object }) => [v.id, v.item_option_value_data])).toEqual([
      [id('#black'), expect.objectContaining({ name: 'Black', item_option_id: id('#colour') })],
      [id('#purple'), expect.objectContaining({ name: 'Purple', item_option_id: id('#colour') })],
    ]);
    expect(item.item_data.variations[1].item_variation_data.item_option_values).toEqual([{ item_option_id: id('#colour'), item_option_value_id: id('#purple') }]);

    const got = await emulator.client.catalog.object.get({ objectId: id('#tote'), includeRelatedObjects: true });
    expect(got.object?.id).toBe(id('#tote'));
    expect(got.relatedObjects?.map((o) => [o.type, o.id])).toEqual([['ITEM_OPTION', id('#colour')]]);
    const raw = await wire(emulator, 'GET', `/v2/catalog/object/${id('#colour')}`);
    expect(schemaProblems(serialization.GetCatalogObjectResponse, raw.body)).toEqual([]);
    expect(raw.body.object.item_option_data.values).toHaveLength(2);
    expect((await wire(emulator, 'GET', '/v2/catalog/object/NOPE')).body.errors[0]).toMatchObject({ code: 'NOT_FOUND' });

    // A value of another option, or of an option the item does not use, is refused.
    const foreign = await wire(emulator, 'POST', '/v2/catalog/batch-upsert', {
      idempotency_key: key(),
      batches: [
        {
          objects: [
            {
              type: 'ITEM',
              id: '#bag',
              item_data: {
                name: 'Bag',
                variations: [
                  {
                    type: 'ITEM_VARIATION',
                    id: '#bag-black',
                    item_variation_data: { name: 'Black', item_option_values: [{ item_option_id: id('#colour'), item_option_value_id: id('#black') }] },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(foreign.body.errors[0]).toMatchObject({ code: 'INVALID_VALUE' });
  });

  it('upserts one object at its current version, refusing a stale one', async () => {
    const created = await emulator.client.catalog.object.upsert({
      idempotencyKey: key(),
      object: {
        type: 'ITEM',
        id: '#cap',
        itemData: {
          name: 'Cap',
          variations: [{ type: 'ITEM_VARIATION', id: '#cap-one', itemVariationData: { name: 'Regular', pricingType: 'FIXED_PRICING', priceMoney: { amount: 1500n, currency: 'USD' } } }],
        },
      },
    });
    const cap = created.catalogObject as Square.CatalogObject.Item;
    expect(created.idMappings?.map((m) => m.clientObjectId).sort()).toEqual(['#cap', '#cap-one']);
    const renamed = await emulator.client.catalog.object.upsert({ idempotencyKey: key(), object: { ...cap, itemData: { ...cap.itemData, name: 'Cap Renamed' } } });
    expect((renamed.catalogObject as Square.CatalogObject.Item).itemData?.name).toBe('Cap Renamed');
    const stale = await wire(emulator, 'POST', '/v2/catalog/object', {
      idempotency_key: key(),
      object: { type: 'ITEM', id: cap.id, version: Number(cap.version), item_data: { name: 'Stale' } },
    });
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0]).toMatchObject({ code: 'VERSION_MISMATCH', field: 'object.version' });
    expect(((await emulator.client.catalog.object.get({ objectId: cap.id! })).object as Square.CatalogObject.Item).itemData?.name).toBe('Cap Renamed');
  });

  it('archives an item as Square does: still listed with is_archived, left out of item searches unless asked for', async () => {
    const created = await emulator.client.catalog.object.upsert({
      idempotencyKey: key(),
      object: {
        type: 'ITEM',
        id: '#shelved',
        itemData: {
          name: 'Shelved Candle',
          variations: [{ type: 'ITEM_VARIATION', id: '#shelved-one', itemVariationData: { name: 'Regular', pricingType: 'FIXED_PRICING', priceMoney: { amount: 900n, currency: 'USD' } } }],
        },
      },
    });
    const candle = created.catalogObject as Square.CatalogObject.Item;
    await emulator.client.catalog.batchUpsert({ idempotencyKey: key(), batches: [{ objects: [{ ...candle, itemData: { ...candle.itemData, isArchived: true } }] }] });

    const listed = (await allItems()).find((i) => i.id === candle.id)!;
    expect(itemData(listed)).toMatchObject({ name: 'Shelved Candle', isArchived: true });
    expect((await emulator.client.catalog.searchItems({ textFilter: 'shelved candle' })).items).toBeUndefined();
    const archived = await emulator.client.catalog.searchItems({ textFilter: 'shelved candle', archivedState: 'ARCHIVED_STATE_ARCHIVED' });
    expect(archived.items?.map((i) => i.id)).toEqual([candle.id]);
  });

  it('deletes an item with its variations (DeleteCatalogObject): no longer listed, retrieved, upserted or counted', async () => {
    const created = await emulator.client.catalog.object.upsert({
      idempotencyKey: key(),
      object: {
        type: 'ITEM',
        id: '#gone',
        itemData: {
          name: 'Gone Pin',
          variations: [{ type: 'ITEM_VARIATION', id: '#gone-one', itemVariationData: { name: 'Regular', pricingType: 'FIXED_PRICING', priceMoney: { amount: 700n, currency: 'USD' } } }],
        },
      },
    });
    const pin = created.catalogObject as Square.CatalogObject.Item;
    const pinVariation = variationId(pin);
    const raw = await wire(emulator, 'DELETE', `/v2/catalog/object/${pin.id}`);
    expect(raw.status).toBe(200);
    expect(schemaProblems(serialization.DeleteCatalogObjectResponse, raw.body)).toEqual([]);
    expect(raw.body.deleted_object_ids.sort()).toEqual([pin.id, pinVariation].sort());
    expect(raw.body.deleted_at).toEqual(expect.any(String));

    expect((await allItems()).some((i) => i.id === pin.id)).toBe(false);
    expect((await squareError(emulator.client.catalog.object.get({ objectId: pin.id! }))).statusCode).toBe(404);
    expect((await squareError(emulator.client.catalog.object.delete({ objectId: pin.id! }))).statusCode).toBe(404);
    const upsert = await wire(emulator, 'POST', '/v2/catalog/object', {
      idempotency_key: key(),
      object: { type: 'ITEM', id: pin.id, version: Number(pin.version), item_data: { name: 'Back' } },
    });
    expect(upsert.status).toBe(404);
    const counted = await wire(emulator, 'POST', '/v2/inventory/changes/batch-create', {
      idempotency_key: key(),
      changes: [
        {
          type: 'PHYSICAL_COUNT',
          physical_count: { catalog_object_id: pinVariation, state: 'IN_STOCK', location_id: EMULATOR_LOCATION_ID, quantity: '3', occurred_at: new Date().toISOString() },
        },
      ],
    });
    expect(counted.status).toBe(404);
    // Through the SDK, as an app (or the dashboard) deletes.
    const other = await emulator.client.catalog.object.upsert({
      idempotencyKey: key(),
      object: {
        type: 'ITEM',
        id: '#gone-2',
        itemData: {
          name: 'Gone Patch',
          variations: [{ type: 'ITEM_VARIATION', id: '#gone-2-one', itemVariationData: { name: 'Regular', pricingType: 'FIXED_PRICING', priceMoney: { amount: 500n, currency: 'USD' } } }],
        },
      },
    });
    const deleted = await emulator.client.catalog.object.delete({ objectId: other.catalogObject!.id! });
    expect(deleted.deletedObjectIds).toHaveLength(2);
  });

  it('searches catalogue objects changed after begin_time (SearchCatalogObjects), deleted ones as tombstones when asked, with latest_time', async () => {
    const before = await wire(emulator, 'POST', '/v2/catalog/search', { object_types: ['ITEM'], limit: 1 });
    expect(before.status).toBe(200);
    expect(schemaProblems(serialization.SearchCatalogObjectsResponse, before.body)).toEqual([]);
    const since: string = before.body.latest_time;
    expect(Date.parse(since)).not.toBeNaN();
    // Nothing changed after the catalogue's latest time: begin_time is exclusive.
    expect((await emulator.client.catalog.search({ beginTime: since, objectTypes: ['ITEM', 'IMAGE', 'ITEM_VARIATION'] })).objects ?? []).toEqual([]);

    await new Promise((r) => setTimeout(r, 5));
    const image = await emulator.client.catalog.object.upsert({
      idempotencyKey: key(),
      object: { type: 'IMAGE', id: '#moth-pic', imageData: { name: 'Moth', url: '/images/products/moth.svg' } },
    });
    const created = await emulator.client.catalog.object.upsert({
      idempotencyKey: key(),
      object: {
        type: 'ITEM',
        id: '#delta',
        itemData: {
          name: 'Delta Patch',
          imageIds: [image.catalogObject!.id!],
          variations: [{ type: 'ITEM_VARIATION', id: '#delta-one', itemVariationData: { name: 'Regular', pricingType: 'FIXED_PRICING', priceMoney: { amount: 900n, currency: 'USD' } } }],
        },
      },
    });
    const item = created.catalogObject as Square.CatalogObject.Item;
    const changed = await emulator.client.catalog.search({ beginTime: since, includeRelatedObjects: true });
    // The default types are the top-level ones: the item, not its image or variation on their own.
    expect(changed.objects?.map((o) => o.id)).toEqual([item.id]);
    expect(itemData(changed.objects![0]).variations).toHaveLength(1);
    expect(changed.relatedObjects?.map((o) => [o.type, (o as Square.CatalogObject.Image).imageData?.url])).toEqual([['IMAGE', `${emulator.url}/images/products/moth.svg`]]);
    expect(changed.latestTime).toBe(created.catalogObject!.updatedAt);
    const nested = await emulator.client.catalog.search({ beginTime: since, objectTypes: ['IMAGE', 'ITEM_VARIATION'] });
    expect(nested.objects?.map((o) => o.type).sort()).toEqual(['IMAGE', 'ITEM_VARIATION']);

    const afterCreate = changed.latestTime!;
    await new Promise((r) => setTimeout(r, 5));
    await emulator.client.catalog.object.delete({ objectId: item.id! });
    expect((await emulator.client.catalog.search({ beginTime: afterCreate, objectTypes: ['ITEM'] })).objects ?? []).toEqual([]);
    const tombstones = await emulator.client.catalog.search({ beginTime: afterCreate, objectTypes: ['ITEM', 'ITEM_VARIATION'], includeDeletedObjects: true });
    expect(tombstones.objects?.map((o) => [o.id, o.isDeleted]).sort()).toEqual(
      [
        [item.id, true],
        [variationId(item), true],
      ].sort(),
    );

    // Pages by `limit`; a limit out of Square's range is ignored, a bad time or a query refused.
    const paged = await wire(emulator, 'POST', '/v2/catalog/search', { object_types: ['ITEM'], limit: 2 });
    expect(paged.body.objects).toHaveLength(2);
    expect(paged.body.cursor).toEqual(expect.any(String));
    expect((await wire(emulator, 'POST', '/v2/catalog/search', { object_types: ['ITEM'], limit: 5000 })).body.objects.length).toBeGreaterThan(2);
    expect((await wire(emulator, 'POST', '/v2/catalog/search', { begin_time: 'yesterday' })).body.errors[0]).toMatchObject({ code: 'INVALID_TIME', field: 'begin_time' });
    expect((await wire(emulator, 'POST', '/v2/catalog/search', { query: { text_query: { keywords: ['moth'] } } })).status).toBe(400);
  });

  it('retrieves objects by id (BatchRetrieveCatalogObjects) with what they refer to, leaving unknown ones out', async () => {
    const raven = (await allItems()).find((i) => itemData(i).name === 'Raven Embroidered Hoodie')!;
    const raw = await wire(emulator, 'POST', '/v2/catalog/batch-retrieve', { object_ids: [raven.id, 'NO-SUCH-OBJECT'], include_related_objects: true });
    expect(raw.status).toBe(200);
    expect(schemaProblems(serialization.BatchGetCatalogObjectsResponse, raw.body)).toEqual([]);
    expect(raw.body.objects.map((o: { id: string }) => o.id)).toEqual([raven.id]);
    expect(raw.body.objects[0].item_data.variations.length).toBeGreaterThan(0);
    expect(new Set(raw.body.related_objects.map((o: { type: string }) => o.type))).toEqual(new Set(['CATEGORY', 'IMAGE']));
    expect((await wire(emulator, 'POST', '/v2/catalog/batch-retrieve', { object_ids: [] })).status).toBe(400);
  });

  it('answers unknown paths and methods like Square', async () => {
    const path = await wire(emulator, 'GET', '/v2/bookings');
    expect(path.status).toBe(404);
    expect(path.body.errors[0]).toMatchObject({ code: 'NOT_FOUND' });
    const method = await wire(emulator, 'GET', '/v2/customers/search');
    expect(method.status).toBe(405);
    expect(method.body.errors[0]).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });
});

describe('Square emulator: catalogue across a restart', () => {
  it('keeps what was written and does not seed the demo catalogue twice', async () => {
    const first = await startTestEmulator();
    await first.client.catalog.batchUpsert({ idempotencyKey: 'restart', batches: [{ objects: [{ type: 'ITEM', id: '#kept', itemData: { name: 'Kept Across Restarts' } }] }] });
    const customer = await first.client.customers.create({ givenName: 'Kept', emailAddress: 'kept@example.com' });
    await first.close();

    const second = await startTestEmulator(first.dataDir);
    try {
      const names: string[] = [];
      for await (const item of await second.client.catalog.list({ types: 'ITEM' })) names.push((item as Square.CatalogObject.Item).itemData!.name!);
      expect(names.sort()).toEqual([...DEMO_CATALOG.map((p) => p.name), 'Kept Across Restarts'].sort());
      const found = await second.client.customers.search({ query: { filter: { emailAddress: { exact: 'kept@example.com' } } } });
      expect(found.customers?.map((c) => c.id)).toEqual([customer.customer?.id]);
    } finally {
      await second.close();
      await second.removeData();
    }
  });
});

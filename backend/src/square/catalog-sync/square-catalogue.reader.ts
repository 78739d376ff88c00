import { Inject, Injectable } from '@nestjs/common';
import { SquareClient, type Square } from 'square';
import { SQUARE_SETTINGS, type SquareSettings } from '../square-settings';
import { wholeUnits, type SquareCatalogue, type SquareItemOption } from './square-item-mapping';

export interface ReadProgress {
  phase: 'catalogue' | 'inventory';
  /** Items read so far; Square says how many there are only when the last page is read. */
  itemsRead: number;
  /** Known once the catalogue is read (the inventory phase reads counts for these). */
  itemsTotal?: number;
}

type Progress = (p: ReadProgress) => Promise<void> | void;

/** A read of the catalogue, with where the next read of what changed starts (Square's `latest_time` before it read). */
export type CatalogueRead = SquareCatalogue & { latestTime?: string };

const COUNT_IDS_PER_CALL = 500;
/** BatchRetrieveCatalogObjects takes at most 1000 ids. */
const RETRIEVE_IDS_PER_CALL = 1000;
/** What a read of changes asks Square for: items and their variations, and what items refer to. */
const CHANGED_TYPES: Square.CatalogObjectType[] = ['ITEM', 'ITEM_VARIATION', 'IMAGE', 'CATEGORY', 'ITEM_OPTION'];

/** Reads the catalogue through the SDK, page by page, before anything is changed: all of it, what changed since a time, or some items. */
@Injectable()
export class SquareCatalogueReader {
  constructor(
    private readonly client: SquareClient,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
  ) {}

  /** Everything: every item, picture, category and item option, and the counts of every variation. */
  async read(progress: Progress): Promise<CatalogueRead> {
    // Square's time before the read: a change made while it runs is after it, so the next read of changes finds it.
    const latestTime = (await this.client.catalog.search({ objectTypes: ['ITEM'], limit: 1 })).latestTime ?? undefined;
    const objects: Square.CatalogObject[] = [];
    let page = await this.client.catalog.list({ types: 'ITEM,IMAGE,CATEGORY,ITEM_OPTION' });
    for (;;) {
      objects.push(...page.data);
      await progress({ phase: 'catalogue', itemsRead: objects.filter((o) => o.type === 'ITEM').length });
      if (!page.hasNextPage()) break;
      page = await page.getNextPage();
    }
    const catalogue = collect(objects);
    // Reached only once every page of the catalogue and of the counts was read: an error on any throws.
    return { ...catalogue, ...(await this.countsOf(catalogue.items, progress)), complete: true, latestTime: latestTime ?? latestOf(objects) };
  }

  /**
   * What changed in Square after `since` (SearchCatalogObjects' `begin_time`): the items changed,
   * deleted ones too, and the items of the variations changed, each with what it refers to and its
   * counts. Objects the shop's own writes left (`own`: their ids at the versions Square answered)
   * are not changes. Undefined when a change reaches items the read cannot name (a category
   * renamed, a picture's file replaced, on their own): then only a full read will do.
   */
  async readChanges(since: string, own: ReadonlyMap<string, ReadonlySet<string>>, progress: Progress): Promise<CatalogueRead | undefined> {
    const changed: Square.CatalogObject[] = [];
    const related: Square.CatalogObject[] = [];
    let latestTime: string | undefined;
    let cursor: string | undefined;
    do {
      const found = await this.client.catalog.search({ beginTime: since, objectTypes: CHANGED_TYPES, includeDeletedObjects: true, includeRelatedObjects: true, cursor });
      latestTime ??= found.latestTime ?? undefined;
      changed.push(...(found.objects ?? []));
      related.push(...(found.relatedObjects ?? []));
      cursor = found.cursor ?? undefined;
    } while (cursor);
    const ours = (o: Square.CatalogObject) => !!o.id && o.version !== undefined && o.version !== null && own.get(o.id)?.has(String(o.version)) === true;
    const theirs = changed.filter((o) => !ours(o));
    const items = theirs.filter((o): o is Square.CatalogObject.Item => o.type === 'ITEM');
    const itemIds = new Set(items.map((i) => i.id));
    // A variation changed on its own: its item is read as it is now.
    const ofVariations = [
      ...new Set(theirs.flatMap((o) => (o.type === 'ITEM_VARIATION' && o.itemVariationData?.itemId && !itemIds.has(o.itemVariationData.itemId) ? [o.itemVariationData.itemId] : []))),
    ];
    const retrieved = await this.retrieve(ofVariations);
    const all = [...items, ...retrieved.objects.filter((o): o is Square.CatalogObject.Item => o.type === 'ITEM')];
    const referenced = new Set(all.flatMap(referencesOf));
    if (theirs.some((o) => (o.type === 'IMAGE' || o.type === 'CATEGORY' || o.type === 'ITEM_OPTION') && !referenced.has(o.id ?? ''))) return undefined;
    await progress({ phase: 'catalogue', itemsRead: all.length });
    const catalogue = collect([...all, ...theirs.filter((o) => o.type !== 'ITEM' && o.type !== 'ITEM_VARIATION'), ...related, ...retrieved.related]);
    const live = catalogue.items.filter((i) => !i.isDeleted);
    return { ...catalogue, ...(await this.countsOf(live, progress)), complete: false, latestTime: latestTime ?? latestOf(changed) ?? since };
  }

  /** These items as they are now (those Square no longer has left out), with what they refer to and their counts. */
  async readItems(squareItemIds: readonly string[], progress: Progress): Promise<CatalogueRead> {
    const retrieved = await this.retrieve([...new Set(squareItemIds)]);
    const catalogue = collect([...retrieved.objects, ...retrieved.related]);
    await progress({ phase: 'catalogue', itemsRead: catalogue.items.length });
    return { ...catalogue, ...(await this.countsOf(catalogue.items, progress)), complete: false };
  }

  private async retrieve(objectIds: string[]): Promise<{ objects: Square.CatalogObject[]; related: Square.CatalogObject[] }> {
    const objects: Square.CatalogObject[] = [];
    const related: Square.CatalogObject[] = [];
    for (let at = 0; at < objectIds.length; at += RETRIEVE_IDS_PER_CALL) {
      const found = await this.client.catalog.batchGet({ objectIds: objectIds.slice(at, at + RETRIEVE_IDS_PER_CALL), includeRelatedObjects: true });
      objects.push(...(found.objects ?? []));
      related.push(...(found.relatedObjects ?? []));
    }
    return { objects, related };
  }

  /** The `IN_STOCK` counts of the items' variations at the shop's location, 500 variations per call. */
  private async countsOf(items: Square.CatalogObject.Item[], progress: Progress): Promise<Pick<SquareCatalogue, 'counts' | 'readings'>> {
    const variationIds = items.flatMap((i) => (i.itemData?.variations ?? []).flatMap((v) => (v.id ? [v.id] : [])));
    const counts = new Map<string, number>();
    const readings = new Map<string, { quantity: number; calculatedAt: string }>();
    for (let at = 0; at < variationIds.length; at += COUNT_IDS_PER_CALL) {
      let countsPage = await this.client.inventory.batchGetCounts({
        catalogObjectIds: variationIds.slice(at, at + COUNT_IDS_PER_CALL),
        locationIds: [this.settings.locationId],
        states: ['IN_STOCK'],
      });
      for (;;) {
        for (const count of countsPage.data) {
          if (count.catalogObjectId && count.state === 'IN_STOCK') {
            counts.set(count.catalogObjectId, (counts.get(count.catalogObjectId) ?? 0) + wholeUnits(count.quantity));
            if (count.calculatedAt) readings.set(count.catalogObjectId, { quantity: Number(count.quantity ?? 0) || 0, calculatedAt: count.calculatedAt });
          }
        }
        if (!countsPage.hasNextPage()) break;
        countsPage = await countsPage.getNextPage();
      }
      await progress({ phase: 'inventory', itemsRead: items.length, itemsTotal: items.length });
    }
    return { counts, readings };
  }
}

/** Items, pictures, categories and item options among objects read (each once: the last read wins). */
function collect(objects: Square.CatalogObject[]): Omit<SquareCatalogue, 'counts' | 'readings'> {
  const items = new Map<string, Square.CatalogObject.Item>();
  const images = new Map<string, string>();
  const categories = new Map<string, string>();
  const itemOptions = new Map<string, SquareItemOption>();
  for (const object of objects) {
    if (object.type === 'ITEM' && object.id) items.set(object.id, object);
    else if (object.type === 'IMAGE' && object.id && object.imageData?.url && !object.isDeleted) images.set(object.id, object.imageData.url);
    else if (object.type === 'CATEGORY' && object.id && object.categoryData?.name && !object.isDeleted) categories.set(object.id, object.categoryData.name);
    else if (object.type === 'ITEM_OPTION' && object.id && object.itemOptionData?.name && !object.isDeleted) {
      const values = (object.itemOptionData.values ?? []).flatMap((v) =>
        v.type === 'ITEM_OPTION_VAL' && v.id && v.itemOptionValueData?.name ? [[v.id, v.itemOptionValueData.name] as const] : [],
      );
      itemOptions.set(object.id, { name: object.itemOptionData.displayName || object.itemOptionData.name, values: new Map(values) });
    }
  }
  return { items: [...items.values()], images, categories, itemOptions };
}

/** What an item refers to: its categories, its pictures and its variations', its item options. */
function referencesOf(item: Square.CatalogObject.Item): string[] {
  const data = item.itemData;
  return [
    ...(data?.categories ?? []).flatMap((c) => (c.id ? [c.id] : [])),
    ...(data?.categoryId ? [data.categoryId] : []),
    ...(data?.imageIds ?? []),
    ...(data?.variations ?? []).flatMap((v) => (v.type === 'ITEM_VARIATION' ? (v.itemVariationData?.imageIds ?? []) : [])),
    ...(data?.itemOptions ?? []).flatMap((o) => (o.itemOptionId ? [o.itemOptionId] : [])),
  ];
}

/** The latest `updated_at` among objects read, for a Square that answers no `latest_time`. */
function latestOf(objects: Square.CatalogObject[]): string | undefined {
  return objects.reduce<string | undefined>((at, o) => (o.updatedAt && (!at || Date.parse(o.updatedAt) > Date.parse(at)) ? o.updatedAt : at), undefined);
}

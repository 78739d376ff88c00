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

const COUNT_IDS_PER_CALL = 500;

/** Reads the whole catalogue through the SDK, page by page, before anything is changed. */
@Injectable()
export class SquareCatalogueReader {
  constructor(
    private readonly client: SquareClient,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
  ) {}

  async read(progress: (p: ReadProgress) => Promise<void> | void): Promise<SquareCatalogue> {
    const items: Square.CatalogObject.Item[] = [];
    const images = new Map<string, string>();
    const categories = new Map<string, string>();
    const itemOptions = new Map<string, SquareItemOption>();
    let page = await this.client.catalog.list({ types: 'ITEM,IMAGE,CATEGORY,ITEM_OPTION' });
    for (;;) {
      for (const object of page.data) {
        if (object.type === 'ITEM') items.push(object);
        else if (object.type === 'IMAGE' && object.id && object.imageData?.url) images.set(object.id, object.imageData.url);
        else if (object.type === 'CATEGORY' && object.id && object.categoryData?.name) categories.set(object.id, object.categoryData.name);
        else if (object.type === 'ITEM_OPTION' && object.id && object.itemOptionData?.name) {
          const values = (object.itemOptionData.values ?? []).flatMap((v) =>
            v.type === 'ITEM_OPTION_VAL' && v.id && v.itemOptionValueData?.name ? [[v.id, v.itemOptionValueData.name] as const] : [],
          );
          itemOptions.set(object.id, { name: object.itemOptionData.displayName || object.itemOptionData.name, values: new Map(values) });
        }
      }
      await progress({ phase: 'catalogue', itemsRead: items.length });
      if (!page.hasNextPage()) break;
      page = await page.getNextPage();
    }

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
    // Reached only once every page of the catalogue and of the counts was read: an error on any throws.
    return { items, images, categories, itemOptions, counts, readings, complete: true };
  }
}

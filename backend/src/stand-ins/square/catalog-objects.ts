// The emulator's catalogue as stored (flat) and as it goes out (nested), shared by its writes (catalog.ts) and reads (catalog-reads.ts).
import type { CatalogObjectRaw, EmulatorState } from './emulator-state';

/** A catalogue object as stored: the wire shape, loosely typed so one code path handles every type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Square's twenty catalogue object types, each read field by field as the real API does
export type StoredObject = { type: string; id: string; version?: number; [field: string]: any };

/** Objects that hold others nested: an item its variations, an item option its values (stored flat, nested on the way out). */
export const NESTED: Record<string, { data: string; list: string; type: string; childData: string; parent: string }> = {
  ITEM: { data: 'item_data', list: 'variations', type: 'ITEM_VARIATION', childData: 'item_variation_data', parent: 'item_id' },
  ITEM_OPTION: { data: 'item_option_data', list: 'values', type: 'ITEM_OPTION_VAL', childData: 'item_option_value_data', parent: 'item_option_id' },
};
export const PARENT_OF = Object.fromEntries(Object.values(NESTED).map((n) => [n.type, n]));

/** A stored variation, when `id` names one (inventory counts are kept per variation). */
export function findVariation(state: EmulatorState, id: string): StoredObject | undefined {
  const object = state.catalog[id] as StoredObject | undefined;
  return object?.type === 'ITEM_VARIATION' && !object.is_deleted ? object : undefined;
}

export const variationsOf = (state: EmulatorState, itemId: string) => childrenOf(state, itemId, 'ITEM_VARIATION');

/** An item's variations or an option's values (deleted ones aside), by ordinal. */
export function childrenOf(state: EmulatorState, parentId: string, type: string): StoredObject[] {
  const { childData, parent } = PARENT_OF[type];
  return (Object.values(state.catalog) as StoredObject[])
    .filter((o) => o.type === type && !o.is_deleted && o[childData]?.[parent] === parentId)
    .sort((a, b) => (a[childData].ordinal ?? 0) - (b[childData].ordinal ?? 0));
}

/** An object as it goes out: an item with its variations nested, an option with its values, an image with an absolute URL. */
export function present(state: EmulatorState, object: StoredObject, baseUrl: string): CatalogObjectRaw {
  const nested = NESTED[object.type];
  if (nested) return { ...object, [nested.data]: { ...object[nested.data], [nested.list]: childrenOf(state, object.id, nested.type) } } as CatalogObjectRaw;
  if (object.type === 'IMAGE' && typeof object.image_data?.url === 'string' && object.image_data.url.startsWith('/')) {
    return { ...object, image_data: { ...object.image_data, url: baseUrl + object.image_data.url } } as CatalogObjectRaw;
  }
  return object as CatalogObjectRaw;
}

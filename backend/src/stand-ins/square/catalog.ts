import { serialization } from 'square';
import { now, ok, type HandlerContext, type Reply } from './emulator-context';
import type { CatalogObjectRaw, EmulatorState } from './emulator-state';
import { oncePerKey } from './idempotency';
import { newId } from './ids';
import { limitOf, page } from './paging';
import { validateBody } from './request-validation';
import { invalidRequest, missingParameter, notFound } from './square-error';

type BatchUpsertRequest = serialization.BatchUpsertCatalogObjectsRequest.Raw;
type SearchItemsRequest = serialization.SearchCatalogItemsRequest.Raw;
/** A catalogue object as stored: the wire shape, loosely typed so one code path handles every type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Square's twenty catalogue object types, each read field by field as the real API does
export type StoredObject = { type: string; id: string; version?: number; [field: string]: any };

const PAGE_SIZE = 100;
const CATALOG_TYPES = new Set([
  'ITEM',
  'IMAGE',
  'CATEGORY',
  'ITEM_VARIATION',
  'TAX',
  'DISCOUNT',
  'MODIFIER_LIST',
  'MODIFIER',
  'PRICING_RULE',
  'PRODUCT_SET',
  'TIME_PERIOD',
  'MEASUREMENT_UNIT',
  'SUBSCRIPTION_PLAN_VARIATION',
  'ITEM_OPTION',
  'ITEM_OPTION_VAL',
  'CUSTOM_ATTRIBUTE_DEFINITION',
  'QUICK_AMOUNTS_SETTINGS',
  'SUBSCRIPTION_PLAN',
  'AVAILABILITY_PERIOD',
]);

/**
 * `POST /v2/catalog/batch-upsert`: creates objects with temporary `#` ids (answered in `id_mappings`)
 * and replaces objects named by their real ids. An item's variations come nested in it; a variation
 * left out of an item that had it is deleted, as Square does. References to `#` ids anywhere in the
 * request are resolved. All or nothing: any refusal changes nothing.
 */
export function batchUpsertCatalogObjects(ctx: HandlerContext): Reply {
  const request = validateBody<BatchUpsertRequest>(serialization.BatchUpsertCatalogObjectsRequest, ctx.body, [{ field: 'idempotency_key', min: 1, max: 128 }]);
  if (!request.batches.length) throw invalidRequest('ARRAY_EMPTY', 'At least one batch is required.', 'batches');
  return oncePerKey(ctx.state, 'BatchUpsertCatalogObjects', request.idempotency_key, ctx.body, () => {
    const answer = upsertCatalogObjects(ctx.state, request.batches.flatMap((b) => b.objects) as unknown as StoredObject[], ctx.baseUrl);
    ctx.notify({ type: 'catalog.version.updated', dataType: 'catalog_version', object: { catalog_version: { updated_at: new Date().toISOString() } }, withId: false });
    return ok(answer);
  });
}

/** Writes objects as batch-upsert does; throws (changing nothing) on any refusal. */
export function upsertCatalogObjects(state: EmulatorState, objects: StoredObject[], baseUrl: string) {
  const mapping = new Map<string, string>();
  const claim = (object: StoredObject, field: string) => {
    if (object.id.startsWith('#')) {
      if (mapping.has(object.id)) throw invalidRequest('INVALID_VALUE', `Duplicate client object id ${object.id}.`, field);
      mapping.set(object.id, newId.catalogObject());
    } else if (!state.catalog[object.id] || state.catalog[object.id].type !== object.type) {
      throw notFound(`Object \`${object.id}\` of type ${object.type} not found.`, field);
    }
  };
  objects.forEach((object, i) => {
    claim(object, `objects[${i}].id`);
    (object.item_data?.variations ?? []).forEach((variation: StoredObject, j: number) => {
      if (variation.type !== 'ITEM_VARIATION') throw invalidRequest('INVALID_VALUE', 'An item holds ITEM_VARIATION objects only.', `objects[${i}].item_data.variations[${j}].type`);
      claim(variation, `objects[${i}].item_data.variations[${j}].id`);
    });
  });
  const resolve = (id: string, field: string): string => {
    const real = mapping.get(id) ?? id;
    if (!mapping.has(id) && !state.catalog[real]) throw invalidRequest('INVALID_VALUE', `The referenced object \`${id}\` does not exist.`, field);
    return real;
  };

  // Everything is checked and resolved before the first write.
  const at = now();
  const written: StoredObject[] = [];
  const removed: string[] = [];
  objects.forEach((object, i) => {
    const id = mapping.get(object.id) ?? object.id;
    const { variations, ...itemData } = object.item_data ?? {};
    const stored = withResolvedReferences({ ...object, id, ...(object.type === 'ITEM' ? { item_data: itemData } : {}) }, resolve, `objects[${i}]`);
    if (object.type === 'ITEM_VARIATION') {
      // A variation sent on its own names its item, which may be new in this request.
      const itemId = object.item_variation_data?.item_id;
      if (!itemId) throw missingParameter(`objects[${i}].item_variation_data.item_id`);
      stored.item_variation_data = { ...object.item_variation_data, item_id: resolve(itemId, `objects[${i}].item_variation_data.item_id`) };
    }
    written.push(stored);
    if (object.type !== 'ITEM') return;
    const kept = new Set<string>();
    (variations ?? []).forEach((variation: StoredObject, j: number) => {
      const variationId = mapping.get(variation.id) ?? variation.id;
      kept.add(variationId);
      const data = { ...variation.item_variation_data, item_id: id, ordinal: j + 1 };
      written.push(withResolvedReferences({ ...variation, id: variationId, item_variation_data: data }, resolve, `objects[${i}].item_data.variations[${j}]`));
    });
    removed.push(
      ...variationsOf(state, id)
        .filter((v) => !kept.has(v.id))
        .map((v) => v.id),
    );
  });

  for (const id of removed) delete state.catalog[id];
  for (const object of written) {
    state.catalog[object.id] = {
      ...object,
      updated_at: at,
      version: ++state.catalogVersion,
      is_deleted: false,
      present_at_all_locations: object.present_at_all_locations ?? true,
    } as CatalogObjectRaw;
  }
  const topLevel = written.filter((o) => o.type !== 'ITEM_VARIATION' || !objects.some((top) => top.type === 'ITEM' && (mapping.get(top.id) ?? top.id) === o.item_variation_data.item_id));
  return {
    objects: topLevel.map((o) => present(state, state.catalog[o.id] as StoredObject, baseUrl)),
    updated_at: at,
    ...(mapping.size ? { id_mappings: [...mapping].map(([client_object_id, object_id]) => ({ client_object_id, object_id })) } : {}),
  };
}

/** Replaces `#` ids in the fields that refer to other objects. */
function withResolvedReferences(object: StoredObject, resolve: (id: string, field: string) => string, field: string): StoredObject {
  const item = object.item_data;
  if (item) {
    object.item_data = {
      ...item,
      ...(item.categories ? { categories: item.categories.map((c: { id: string }, k: number) => ({ ...c, id: resolve(c.id, `${field}.item_data.categories[${k}].id`) })) } : {}),
      ...(item.category_id ? { category_id: resolve(item.category_id, `${field}.item_data.category_id`) } : {}),
      ...(item.reporting_category?.id ? { reporting_category: { ...item.reporting_category, id: resolve(item.reporting_category.id, `${field}.item_data.reporting_category.id`) } } : {}),
      ...(item.image_ids ? { image_ids: item.image_ids.map((id: string, k: number) => resolve(id, `${field}.item_data.image_ids[${k}]`)) } : {}),
    };
  }
  const variation = object.item_variation_data;
  if (variation?.image_ids) {
    object.item_variation_data = { ...variation, image_ids: variation.image_ids.map((id: string, k: number) => resolve(id, `${field}.item_variation_data.image_ids[${k}]`)) };
  }
  const parent = object.category_data?.parent_category;
  if (parent?.id) object.category_data = { ...object.category_data, parent_category: { ...parent, id: resolve(parent.id, `${field}.category_data.parent_category.id`) } };
  return object;
}

/** `GET /v2/catalog/list?types=&cursor=`: pages of 100; without `types`, every type but variations (which come inside their items). */
export function listCatalog(ctx: HandlerContext): Reply {
  const typesParam = ctx.query.get('types');
  const types = typesParam
    ? typesParam
        .split(',')
        .map((t) => t.trim().toUpperCase())
        .filter(Boolean)
    : [...CATALOG_TYPES].filter((t) => t !== 'ITEM_VARIATION');
  const unknown = types.find((t) => !CATALOG_TYPES.has(t));
  if (unknown) throw invalidRequest('INVALID_ENUM_VALUE', `Unknown catalog object type ${unknown}.`, 'types');
  const wanted = new Set(types);
  const matching = Object.values(ctx.state.catalog).filter((o) => wanted.has(o.type) && !o.is_deleted) as StoredObject[];
  const { items, cursor } = page(matching, ctx.query.get('cursor'), PAGE_SIZE);
  return ok({ ...(cursor ? { cursor } : {}), ...(items.length ? { objects: items.map((o) => present(ctx.state, o, ctx.baseUrl)) } : {}) });
}

/**
 * `POST /v2/catalog/search-catalog-items`: every word of `text_filter` must appear in the item's
 * name, description or abbreviation or in a variation's name, SKU or UPC; also by category,
 * product type and archived state; sorted by name; paged.
 */
export function searchCatalogItems(ctx: HandlerContext): Reply {
  const request = validateBody<SearchItemsRequest>(serialization.SearchCatalogItemsRequest, ctx.body);
  const limit = limitOf(request.limit, PAGE_SIZE, PAGE_SIZE);
  const words = (request.text_filter ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const categories = request.category_ids?.length ? new Set(request.category_ids) : undefined;
  const productTypes = request.product_types?.length ? new Set<string>(request.product_types) : undefined;
  const archived = request.archived_state ?? 'ARCHIVED_STATE_NOT_ARCHIVED';
  const matchesAll = (...texts: (string | undefined)[]) => {
    const text = texts.filter(Boolean).join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  };

  const matchedVariations: string[] = [];
  const items = (Object.values(ctx.state.catalog) as StoredObject[]).filter((o) => {
    if (o.type !== 'ITEM' || o.is_deleted) return false;
    const data = o.item_data ?? {};
    if (archived === 'ARCHIVED_STATE_NOT_ARCHIVED' && data.is_archived) return false;
    if (archived === 'ARCHIVED_STATE_ARCHIVED' && !data.is_archived) return false;
    if (productTypes && !productTypes.has(data.product_type ?? 'REGULAR')) return false;
    if (categories && ![data.category_id, ...(data.categories ?? []).map((c: { id: string }) => c.id)].some((id) => categories.has(id))) return false;
    if (!words.length) return true;
    const variations = variationsOf(ctx.state, o.id);
    const hits = variations.filter((v) => matchesAll(v.item_variation_data?.name, v.item_variation_data?.sku, v.item_variation_data?.upc));
    matchedVariations.push(...hits.map((v) => v.id));
    const variationText = variations.flatMap((v) => [v.item_variation_data?.name, v.item_variation_data?.sku, v.item_variation_data?.upc]);
    return hits.length > 0 || matchesAll(data.name, data.description, data.abbreviation, ...variationText);
  });
  const direction = request.sort_order === 'DESC' ? -1 : 1;
  items.sort((a, b) => String(a.item_data?.name ?? '').localeCompare(String(b.item_data?.name ?? '')) * direction);
  const result = page(items, request.cursor, limit);
  const onPage = new Set(result.items.map((i) => i.id));
  const variationIds = matchedVariations.filter((id) => onPage.has(ctx.state.catalog[id] ? (ctx.state.catalog[id] as StoredObject).item_variation_data.item_id : ''));
  return ok({
    ...(result.items.length ? { items: result.items.map((o) => present(ctx.state, o, ctx.baseUrl)) } : {}),
    ...(result.cursor ? { cursor: result.cursor } : {}),
    ...(variationIds.length ? { matched_variation_ids: variationIds } : {}),
  });
}

/** A stored variation, when `id` names one (inventory counts are kept per variation). */
export function findVariation(state: EmulatorState, id: string): StoredObject | undefined {
  const object = state.catalog[id] as StoredObject | undefined;
  return object?.type === 'ITEM_VARIATION' ? object : undefined;
}

function variationsOf(state: EmulatorState, itemId: string): StoredObject[] {
  return (Object.values(state.catalog) as StoredObject[])
    .filter((o) => o.type === 'ITEM_VARIATION' && o.item_variation_data?.item_id === itemId)
    .sort((a, b) => (a.item_variation_data.ordinal ?? 0) - (b.item_variation_data.ordinal ?? 0));
}

/** An object as it goes out: an item with its variations nested, an image with an absolute URL. */
function present(state: EmulatorState, object: StoredObject, baseUrl: string): CatalogObjectRaw {
  if (object.type === 'ITEM') return { ...object, item_data: { ...object.item_data, variations: variationsOf(state, object.id) } } as CatalogObjectRaw;
  if (object.type === 'IMAGE' && typeof object.image_data?.url === 'string' && object.image_data.url.startsWith('/')) {
    return { ...object, image_data: { ...object.image_data, url: baseUrl + object.image_data.url } } as CatalogObjectRaw;
  }
  return object as CatalogObjectRaw;
}

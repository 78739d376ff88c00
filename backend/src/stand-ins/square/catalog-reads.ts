// The emulator's catalogue reads: retrieve, list, search (objects and items) and batch-retrieve.
import { serialization } from 'square';
import { PARENT_OF, present, variationsOf, type StoredObject } from './catalog-objects';
import { ok, type HandlerContext, type Reply } from './emulator-context';
import type { CatalogObjectRaw, EmulatorState } from './emulator-state';
import { limitOf, page } from './paging';
import { validateBody } from './request-validation';
import { invalidRequest, notFound } from './square-error';

type SearchItemsRequest = serialization.SearchCatalogItemsRequest.Raw;
type SearchObjectsRequest = serialization.SearchCatalogObjectsRequest.Raw;
type BatchRetrieveRequest = serialization.BatchGetCatalogObjectsRequest.Raw;

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
 * `GET /v2/catalog/object/{object_id}`: the object as listed (an item with its variations, an option
 * with its values); with `include_related_objects=true` also what it refers to (an item's categories,
 * images and item options; a variation's item).
 */
export function retrieveCatalogObject(ctx: HandlerContext): Reply {
  const object = ctx.state.catalog[ctx.params[0]] as StoredObject | undefined;
  if (!object || object.is_deleted) throw notFound(`Object with id \`${ctx.params[0]}\` not found.`, 'object_id');
  const related = ctx.query.get('include_related_objects') === 'true' ? relatedObjects(ctx.state, object) : [];
  return ok({ object: present(ctx.state, object, ctx.baseUrl), ...(related.length ? { related_objects: related.map((o) => present(ctx.state, o, ctx.baseUrl)) } : {}) });
}

function relatedObjects(state: EmulatorState, object: StoredObject): StoredObject[] {
  const item = object.type === 'ITEM_VARIATION' ? (state.catalog[object.item_variation_data?.item_id] as StoredObject | undefined) : object;
  const data = item?.item_data ?? {};
  const ownImages: string[] = object.type === 'ITEM_VARIATION' ? (object.item_variation_data?.image_ids ?? []) : [];
  const variationImages: string[] = object.type === 'ITEM' ? variationsOf(state, object.id).flatMap((v) => v.item_variation_data?.image_ids ?? []) : [];
  const ids: string[] = [
    ...(object.type === 'ITEM_VARIATION' && item ? [item.id] : []),
    ...(data.categories ?? []).map((c: { id: string }) => c.id),
    ...(data.image_ids ?? []),
    ...ownImages,
    ...variationImages,
    ...(data.item_options ?? []).map((o: { item_option_id: string }) => o.item_option_id),
  ];
  return [...new Set(ids)].flatMap((id) => {
    const found = state.catalog[id] as StoredObject | undefined;
    return found && !found.is_deleted ? [found] : [];
  });
}

/** `GET /v2/catalog/list?types=&cursor=`: pages of 100; without `types`, every type but variations and option values (which come inside their items and options). */
export function listCatalog(ctx: HandlerContext): Reply {
  const typesParam = ctx.query.get('types');
  const types = typesParam
    ? typesParam
        .split(',')
        .map((t) => t.trim().toUpperCase())
        .filter(Boolean)
    : [...CATALOG_TYPES].filter((t) => !PARENT_OF[t]);
  const unknown = types.find((t) => !CATALOG_TYPES.has(t));
  if (unknown) throw invalidRequest('INVALID_ENUM_VALUE', `Unknown catalog object type ${unknown}.`, 'types');
  const wanted = new Set(types);
  const matching = Object.values(ctx.state.catalog).filter((o) => wanted.has(o.type) && !o.is_deleted) as StoredObject[];
  const { items, cursor } = page(matching, ctx.query.get('cursor'), PAGE_SIZE);
  return ok({ ...(cursor ? { cursor } : {}), ...(items.length ? { objects: items.map((o) => present(ctx.state, o, ctx.baseUrl)) } : {}) });
}

/** What SearchCatalogObjects returns without `object_types`: the top-level types (nested ones, IMAGE among them, only when asked for). */
const SEARCH_DEFAULT_TYPES = new Set([
  'ITEM',
  'CATEGORY',
  'TAX',
  'DISCOUNT',
  'MODIFIER_LIST',
  'PRICING_RULE',
  'PRODUCT_SET',
  'TIME_PERIOD',
  'MEASUREMENT_UNIT',
  'SUBSCRIPTION_PLAN',
  'ITEM_OPTION',
  'CUSTOM_ATTRIBUTE_DEFINITION',
  'QUICK_AMOUNTS_SETTINGS',
]);
const SEARCH_MAX_LIMIT = 1000;

/**
 * `POST /v2/catalog/search` (SearchCatalogObjects), over the whole catalogue (a `query` is not
 * imitated: 400): the objects of `object_types` (default: the top-level types) changed after
 * `begin_time` (exclusive, by `updated_at`), deleted ones too with `include_deleted_objects` (as
 * tombstones), with `related_objects` on request; `latest_time` is when the catalogue last changed.
 * `limit` is advisory, as Square says: one outside 1–1000 is ignored.
 */
export function searchCatalogObjects(ctx: HandlerContext): Reply {
  const request = validateBody<SearchObjectsRequest>(serialization.SearchCatalogObjectsRequest, ctx.body);
  if (request.query && Object.keys(request.query).length) throw invalidRequest('INVALID_VALUE', 'The emulator searches the whole catalogue only: `query` is not supported.', 'query');
  if (request.include_deleted_objects && request.include_category_path_to_root) {
    throw invalidRequest('CONFLICTING_PARAMETERS', 'include_deleted_objects and include_category_path_to_root cannot both be true.', 'include_deleted_objects');
  }
  const types = request.object_types?.length ? new Set<string>(request.object_types) : SEARCH_DEFAULT_TYPES;
  let after: number | undefined;
  if (request.begin_time) {
    after = Date.parse(request.begin_time);
    if (Number.isNaN(after)) throw invalidRequest('INVALID_TIME', 'begin_time must be an RFC 3339 timestamp.', 'begin_time');
  }
  const all = Object.values(ctx.state.catalog) as StoredObject[];
  const matching = all.filter((o) => types.has(o.type) && (request.include_deleted_objects || !o.is_deleted) && (after === undefined || Date.parse(o.updated_at) > after));
  const limit = request.limit && request.limit > 0 && request.limit <= SEARCH_MAX_LIMIT ? request.limit : PAGE_SIZE;
  const result = page(matching, request.cursor, limit);
  const latest = all.reduce<string | undefined>((at, o) => (at === undefined || Date.parse(o.updated_at) > Date.parse(at) ? o.updated_at : at), undefined);
  return ok({
    ...(result.items.length ? { objects: result.items.map((o) => present(ctx.state, o, ctx.baseUrl)) } : {}),
    ...(request.include_related_objects ? relatedOf(ctx.state, result.items, ctx.baseUrl) : {}),
    ...(result.cursor ? { cursor: result.cursor } : {}),
    ...(latest ? { latest_time: latest } : {}),
  });
}

/**
 * `POST /v2/catalog/batch-retrieve`: the objects named by `object_ids` that exist (unknown ones are
 * left out; deleted ones only with `include_deleted_objects`), items with their variations, and
 * with `include_related_objects` what they refer to.
 */
export function batchRetrieveCatalogObjects(ctx: HandlerContext): Reply {
  const request = validateBody<BatchRetrieveRequest>(serialization.BatchGetCatalogObjectsRequest, ctx.body);
  if (!request.object_ids.length) throw invalidRequest('ARRAY_EMPTY', 'At least one object id is required.', 'object_ids');
  const found = [...new Set(request.object_ids)].flatMap((id) => {
    const object = ctx.state.catalog[id] as StoredObject | undefined;
    return object && (request.include_deleted_objects || !object.is_deleted) ? [object] : [];
  });
  return ok({
    ...(found.length ? { objects: found.map((o) => present(ctx.state, o, ctx.baseUrl)) } : {}),
    ...(request.include_related_objects ? relatedOf(ctx.state, found, ctx.baseUrl) : {}),
  });
}

/** `related_objects` of an answer: what its objects refer to, each once, none that the answer holds already. */
function relatedOf(state: EmulatorState, objects: StoredObject[], baseUrl: string): { related_objects?: CatalogObjectRaw[] } {
  const listed = new Set(objects.map((o) => o.id));
  const related = new Map<string, StoredObject>();
  for (const object of objects) for (const r of relatedObjects(state, object)) if (!listed.has(r.id)) related.set(r.id, r);
  return related.size ? { related_objects: [...related.values()].map((o) => present(state, o, baseUrl)) } : {};
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

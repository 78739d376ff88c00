import { serialization } from 'square';
import { now, ok, type HandlerContext, type Reply } from './emulator-context';
import type { CatalogObjectRaw, EmulatorState } from './emulator-state';
import { oncePerKey } from './idempotency';
import { newId } from './ids';
import { limitOf, page } from './paging';
import { validateBody } from './request-validation';
import { invalidRequest, missingParameter, notFound, type ErrorCode } from './square-error';

type BatchUpsertRequest = serialization.BatchUpsertCatalogObjectsRequest.Raw;
type SearchItemsRequest = serialization.SearchCatalogItemsRequest.Raw;
type SearchObjectsRequest = serialization.SearchCatalogObjectsRequest.Raw;
type BatchRetrieveRequest = serialization.BatchGetCatalogObjectsRequest.Raw;
type UpsertRequest = serialization.catalog.object.UpsertCatalogObjectRequest.Raw;
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
 * and replaces objects named by their real ids (at their current `version`). An item's variations
 * come nested in it, as an item option's values do; a variation (or value) left out of an item (or
 * option) that had it is deleted, as Square does. References to `#` ids anywhere in the request are
 * resolved. All or nothing: any refusal changes nothing.
 */
export function batchUpsertCatalogObjects(ctx: HandlerContext): Reply {
  const request = validateBody<BatchUpsertRequest>(serialization.BatchUpsertCatalogObjectsRequest, ctx.body, [{ field: 'idempotency_key', min: 1, max: 128 }]);
  if (!request.batches.length) throw invalidRequest('ARRAY_EMPTY', 'At least one batch is required.', 'batches');
  return oncePerKey(ctx.state, 'BatchUpsertCatalogObjects', request.idempotency_key, ctx.body, () => {
    const answer = upsertCatalogObjects(ctx.state, request.batches.flatMap((b) => b.objects) as unknown as StoredObject[], ctx.baseUrl);
    catalogChanged(ctx, answer.updated_at);
    return ok(answer);
  });
}

/** `POST /v2/catalog/object`: one object (an item with its variations, an option with its values), as batch-upsert writes it. */
export function upsertCatalogObject(ctx: HandlerContext): Reply {
  const request = validateBody<UpsertRequest>(serialization.catalog.object.UpsertCatalogObjectRequest, ctx.body, [{ field: 'idempotency_key', min: 1, max: 128 }]);
  return oncePerKey(ctx.state, 'UpsertCatalogObject', request.idempotency_key, ctx.body, () => {
    const { objects, id_mappings, updated_at } = upsertCatalogObjects(ctx.state, [request.object as unknown as StoredObject], ctx.baseUrl, 'object');
    catalogChanged(ctx, updated_at);
    return ok({ catalog_object: objects[0], ...(id_mappings ? { id_mappings } : {}) });
  });
}

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

/**
 * `DELETE /v2/catalog/object/{object_id}`: deletes the object and what depends on it (an item its
 * variations, an item option its values), as Square does. Deleted objects stay as tombstones
 * (`is_deleted`, a new `version`, `updated_at` the deletion time): ListCatalog, RetrieveCatalogObject
 * and SearchCatalogItems no longer return them, and an upsert naming one is 404. An id that names no
 * object (or one deleted already) is 404.
 */
export function deleteCatalogObject(ctx: HandlerContext): Reply {
  const object = ctx.state.catalog[ctx.params[0]] as StoredObject | undefined;
  if (!object || object.is_deleted) throw notFound(`Object with id \`${ctx.params[0]}\` not found.`, 'object_id');
  const nested = NESTED[object.type];
  const deleted = [object, ...(nested ? childrenOf(ctx.state, object.id, nested.type) : [])];
  const at = now();
  for (const gone of deleted) ctx.state.catalog[gone.id] = { ...gone, is_deleted: true, updated_at: at, version: ++ctx.state.catalogVersion } as CatalogObjectRaw;
  catalogChanged(ctx, at);
  return ok({ deleted_object_ids: deleted.map((o) => o.id), deleted_at: at });
}

/**
 * As Square does when the catalogue changes: a webhook that says so, without the change. Its
 * `updated_at` is the new catalogue version's time, the `updated_at` the write was answered with.
 */
function catalogChanged(ctx: HandlerContext, updatedAt: string): void {
  ctx.notify({ type: 'catalog.version.updated', dataType: 'catalog_version', object: { catalog_version: { updated_at: updatedAt } }, withId: false });
}

/** Objects that hold others nested: an item its variations, an item option its values (stored flat, nested on the way out). */
const NESTED: Record<string, { data: string; list: string; type: string; childData: string; parent: string }> = {
  ITEM: { data: 'item_data', list: 'variations', type: 'ITEM_VARIATION', childData: 'item_variation_data', parent: 'item_id' },
  ITEM_OPTION: { data: 'item_option_data', list: 'values', type: 'ITEM_OPTION_VAL', childData: 'item_option_value_data', parent: 'item_option_id' },
};
const PARENT_OF = Object.fromEntries(Object.values(NESTED).map((n) => [n.type, n]));

/** Writes objects as batch-upsert does; throws (changing nothing) on any refusal. */
export function upsertCatalogObjects(state: EmulatorState, objects: StoredObject[], baseUrl: string, fieldPrefix = 'objects') {
  const mapping = new Map<string, string>();
  const claim = (object: StoredObject, field: string) => {
    if (object.id.startsWith('#')) {
      if (mapping.has(object.id)) throw invalidRequest('INVALID_VALUE', `Duplicate client object id ${object.id}.`, field);
      mapping.set(object.id, newId.catalogObject());
      return;
    }
    const stored = state.catalog[object.id] as StoredObject | undefined;
    if (!stored || stored.type !== object.type || stored.is_deleted) throw notFound(`Object \`${object.id}\` of type ${object.type} not found.`, field);
    // Optimistic concurrency: an update names the version it read, and loses to any write since.
    if (object.version === undefined || object.version === null || Number(object.version) !== stored.version) {
      // Square's answer to a stale write (named in its API description, though missing from the SDK's list of codes).
      throw invalidRequest('VERSION_MISMATCH' as ErrorCode, `Object version does not match latest database version (object \`${object.id}\`).`, field.replace(/\.id$/, '.version'));
    }
  };
  const fieldOf = (i: number) => (fieldPrefix === 'object' ? 'object' : `${fieldPrefix}[${i}]`);
  objects.forEach((object, i) => {
    claim(object, `${fieldOf(i)}.id`);
    const nested = NESTED[object.type];
    if (!nested) return;
    (object[nested.data]?.[nested.list] ?? []).forEach((child: StoredObject, j: number) => {
      const field = `${fieldOf(i)}.${nested.data}.${nested.list}[${j}]`;
      if (child.type !== nested.type) throw invalidRequest('INVALID_VALUE', `An ${object.type} holds ${nested.type} objects only.`, `${field}.type`);
      claim(child, `${field}.id`);
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
    const nested = NESTED[object.type];
    const { [nested?.list ?? '']: children, ...ownData } = (nested ? object[nested.data] : undefined) ?? {};
    const stored = withResolvedReferences({ ...object, id, ...(nested ? { [nested.data]: ownData } : {}) }, resolve, fieldOf(i));
    const parent = PARENT_OF[object.type];
    if (parent) {
      // A variation (or value) sent on its own names its item (or option), which may be new in this request.
      const parentId = object[parent.childData]?.[parent.parent];
      const field = `${fieldOf(i)}.${parent.childData}.${parent.parent}`;
      if (!parentId) throw missingParameter(field);
      stored[parent.childData] = { ...object[parent.childData], [parent.parent]: resolve(parentId, field) };
    }
    written.push(stored);
    if (!nested) return;
    const kept = new Set<string>();
    ((children as StoredObject[] | undefined) ?? []).forEach((child, j) => {
      const childId = mapping.get(child.id) ?? child.id;
      kept.add(childId);
      const data = { ...child[nested.childData], [nested.parent]: id, ordinal: child[nested.childData]?.ordinal ?? j + 1 };
      written.push(withResolvedReferences({ ...child, id: childId, [nested.childData]: data }, resolve, `${fieldOf(i)}.${nested.data}.${nested.list}[${j}]`));
    });
    removed.push(
      ...childrenOf(state, id, nested.type)
        .filter((c) => !kept.has(c.id))
        .map((c) => c.id),
    );
  });
  checkOptionValues(state, written, removed);

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
  const writtenIds = new Set(objects.map((top) => mapping.get(top.id) ?? top.id));
  const topLevel = written.filter((o) => {
    const parent = PARENT_OF[o.type];
    return !parent || !writtenIds.has(o[parent.childData][parent.parent]) || objects.some((top) => (mapping.get(top.id) ?? top.id) === o.id);
  });
  return {
    objects: topLevel.map((o) => present(state, state.catalog[o.id] as StoredObject, baseUrl)),
    updated_at: at,
    ...(mapping.size ? { id_mappings: [...mapping].map(([client_object_id, object_id]) => ({ client_object_id, object_id })) } : {}),
  };
}

/**
 * As Square checks item options: a variation's option values are values of options its item lists,
 * one per option; an option value still chosen by a variation is not dropped from its option.
 */
function checkOptionValues(state: EmulatorState, written: StoredObject[], removed: string[]): void {
  const after = new Map<string, StoredObject>(Object.entries(state.catalog) as [string, StoredObject][]);
  for (const id of removed) after.delete(id);
  for (const object of written) after.set(object.id, object);
  for (const variation of written) {
    if (variation.type !== 'ITEM_VARIATION') continue;
    const chosen: { item_option_id: string; item_option_value_id: string }[] = variation.item_variation_data?.item_option_values ?? [];
    if (!chosen.length) continue;
    const item = after.get(variation.item_variation_data.item_id);
    const listed = new Set((item?.item_data?.item_options ?? []).map((o: { item_option_id: string }) => o.item_option_id));
    chosen.forEach((c, k) => {
      const value = after.get(c.item_option_value_id);
      const field = `item_variation_data.item_option_values[${k}]`;
      if (!listed.has(c.item_option_id)) throw invalidRequest('INVALID_VALUE', `The item of variation \`${variation.id}\` does not use item option \`${c.item_option_id}\`.`, field);
      if (value?.type !== 'ITEM_OPTION_VAL' || value.item_option_value_data?.item_option_id !== c.item_option_id) {
        throw invalidRequest('INVALID_VALUE', `\`${c.item_option_value_id}\` is not a value of item option \`${c.item_option_id}\`.`, field);
      }
      if (chosen.findIndex((other) => other.item_option_id === c.item_option_id) !== k)
        throw invalidRequest('INVALID_VALUE', `Variation \`${variation.id}\` names item option \`${c.item_option_id}\` twice.`, field);
    });
  }
  for (const id of removed) {
    if (state.catalog[id]?.type !== 'ITEM_OPTION_VAL') continue;
    const inUse = [...after.values()].some(
      (o) => o.type === 'ITEM_VARIATION' && !o.is_deleted && (o.item_variation_data?.item_option_values ?? []).some((c: { item_option_value_id: string }) => c.item_option_value_id === id),
    );
    if (inUse) throw invalidRequest('INVALID_VALUE', `Item option value \`${id}\` is used by a variation and cannot be removed.`);
  }
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
      ...(item.item_options
        ? {
            item_options: item.item_options.map((o: { item_option_id: string }, k: number) => ({
              ...o,
              item_option_id: resolve(o.item_option_id, `${field}.item_data.item_options[${k}].item_option_id`),
            })),
          }
        : {}),
    };
  }
  const variation = object.item_variation_data;
  if (variation?.image_ids) {
    object.item_variation_data = { ...variation, image_ids: variation.image_ids.map((id: string, k: number) => resolve(id, `${field}.item_variation_data.image_ids[${k}]`)) };
  }
  if (variation?.item_option_values) {
    const at = `${field}.item_variation_data.item_option_values`;
    object.item_variation_data = {
      ...object.item_variation_data,
      item_option_values: variation.item_option_values.map((v: { item_option_id: string; item_option_value_id: string }, k: number) => ({
        item_option_id: resolve(v.item_option_id, `${at}[${k}].item_option_id`),
        item_option_value_id: resolve(v.item_option_value_id, `${at}[${k}].item_option_value_id`),
      })),
    };
  }
  const parent = object.category_data?.parent_category;
  if (parent?.id) object.category_data = { ...object.category_data, parent_category: { ...parent, id: resolve(parent.id, `${field}.category_data.parent_category.id`) } };
  return object;
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

/** A stored variation, when `id` names one (inventory counts are kept per variation). */
export function findVariation(state: EmulatorState, id: string): StoredObject | undefined {
  const object = state.catalog[id] as StoredObject | undefined;
  return object?.type === 'ITEM_VARIATION' && !object.is_deleted ? object : undefined;
}

const variationsOf = (state: EmulatorState, itemId: string) => childrenOf(state, itemId, 'ITEM_VARIATION');

/** An item's variations or an option's values (deleted ones aside), by ordinal. */
function childrenOf(state: EmulatorState, parentId: string, type: string): StoredObject[] {
  const { childData, parent } = PARENT_OF[type];
  return (Object.values(state.catalog) as StoredObject[])
    .filter((o) => o.type === type && !o.is_deleted && o[childData]?.[parent] === parentId)
    .sort((a, b) => (a[childData].ordinal ?? 0) - (b[childData].ordinal ?? 0));
}

/** An object as it goes out: an item with its variations nested, an option with its values, an image with an absolute URL. */
function present(state: EmulatorState, object: StoredObject, baseUrl: string): CatalogObjectRaw {
  const nested = NESTED[object.type];
  if (nested) return { ...object, [nested.data]: { ...object[nested.data], [nested.list]: childrenOf(state, object.id, nested.type) } } as CatalogObjectRaw;
  if (object.type === 'IMAGE' && typeof object.image_data?.url === 'string' && object.image_data.url.startsWith('/')) {
    return { ...object, image_data: { ...object.image_data, url: baseUrl + object.image_data.url } } as CatalogObjectRaw;
  }
  return object as CatalogObjectRaw;
}

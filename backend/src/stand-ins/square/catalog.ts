// The emulator's catalogue writes: upsert (one or a batch) and delete; the reads are in catalog-reads.ts.
import { serialization } from 'square';
import { childrenOf, NESTED, PARENT_OF, present, type StoredObject } from './catalog-objects';
import { now, ok, type HandlerContext, type Reply } from './emulator-context';
import type { CatalogObjectRaw, EmulatorState } from './emulator-state';
import { oncePerKey } from './idempotency';
import { newId } from './ids';
import { validateBody } from './request-validation';
import { invalidRequest, missingParameter, notFound, type ErrorCode } from './square-error';

type BatchUpsertRequest = serialization.BatchUpsertCatalogObjectsRequest.Raw;
type UpsertRequest = serialization.catalog.object.UpsertCatalogObjectRequest.Raw;

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

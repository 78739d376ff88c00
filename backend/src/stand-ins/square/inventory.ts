import { serialization } from 'square';
import { findVariation } from './catalog-objects';
import { now, ok, type HandlerContext, type Reply } from './emulator-context';
import type { EmulatorState, InventoryChangeRaw, InventoryCountRecord } from './emulator-state';
import { oncePerKey } from './idempotency';
import { newId } from './ids';
import { checkLocation, LOCATION } from './locations';
import { limitOf, page } from './paging';
import { validateBody } from './request-validation';
import { invalidRequest, missingParameter, notFound } from './square-error';

type BatchChangeRequest = serialization.BatchChangeInventoryRequest.Raw;
type BatchRetrieveCountsRequest = serialization.BatchGetInventoryCountsRequest.Raw;
type AdjustmentRaw = serialization.InventoryAdjustment.Raw & { location_id?: string | null };

/** States Square keeps no count for: stock moving into them has left the shelf. */
const UNTRACKED_STATES = new Set(['NONE', 'SOLD', 'UNLINKED_RETURN']);
const QUANTITY = /^\d{1,15}(\.\d{1,5})?$/;

/**
 * `POST /v2/inventory/changes/batch-create`: physical counts (set a state's quantity) and
 * adjustments (move a quantity from one state to another), per variation and location. All or
 * nothing; answered with the changes as recorded and the counts they touched.
 */
export function batchChangeInventory(ctx: HandlerContext): Reply {
  const request = validateBody<BatchChangeRequest>(serialization.BatchChangeInventoryRequest, ctx.body, [{ field: 'idempotency_key', min: 1, max: 128 }]);
  const changes = request.changes ?? [];
  if (changes.length > 100) throw invalidRequest('ARRAY_LENGTH_TOO_LONG', 'At most 100 changes per request.', 'changes');
  changes.forEach((change, i) => checkChange(ctx.state, change, `changes[${i}]`));

  return oncePerKey(ctx.state, 'BatchChangeInventory', request.idempotency_key, ctx.body, () => {
    const at = now();
    const touched = new Set<string>();
    const recorded = changes.map((change): InventoryChangeRaw => {
      if (change.type === 'PHYSICAL_COUNT') {
        const count = change.physical_count!;
        touched.add(setCount(ctx.state, count.catalog_object_id!, count.location_id!, count.state!, Number(count.quantity), at));
        return { type: 'PHYSICAL_COUNT', physical_count: { ...count, id: newId.inventoryChange(), catalog_object_type: 'ITEM_VARIATION', created_at: at } };
      }
      const { location_id: _older, ...adjustment } = change.adjustment as AdjustmentRaw;
      const location = adjustmentLocation(change.adjustment!) as string;
      const quantity = Number(adjustment.quantity);
      for (const [state, sign] of [
        [adjustment.from_state!, -1],
        [adjustment.to_state!, 1],
      ] as const) {
        if (UNTRACKED_STATES.has(state)) continue;
        const current = Number(ctx.state.inventory[countKey(adjustment.catalog_object_id!, location, state)]?.quantity ?? 0);
        touched.add(setCount(ctx.state, adjustment.catalog_object_id!, location, state, current + sign * quantity, at));
      }
      const recorded = { ...adjustment, from_location_id: location, to_location_id: location, id: newId.inventoryChange(), catalog_object_type: 'ITEM_VARIATION', created_at: at };
      return { type: 'ADJUSTMENT', adjustment: recorded };
    });
    ctx.state.inventoryChanges.push(...recorded);
    const counts = [...touched].map((key) => ctx.state.inventory[key]);
    // As Square does when a count changes (a point of sale's sale, an app's adjustment): the current counts, not the change.
    if (counts.length) ctx.notify({ type: 'inventory.count.updated', dataType: 'inventory_counts', object: { inventory_counts: structuredClone(counts) } });
    return ok({ changes: recorded, counts });
  });
}

function checkChange(state: EmulatorState, change: serialization.InventoryChange.Raw, field: string): void {
  if (change.type === 'PHYSICAL_COUNT') {
    const count = change.physical_count;
    if (!count) throw missingParameter(`${field}.physical_count`);
    for (const name of ['catalog_object_id', 'location_id', 'state', 'quantity', 'occurred_at'] as const) if (!count[name]) throw missingParameter(`${field}.physical_count.${name}`);
    checkTarget(state, count.catalog_object_id!, count.location_id!, `${field}.physical_count`);
    if (UNTRACKED_STATES.has(count.state!)) throw invalidRequest('INVALID_ENUM_VALUE', `A physical count cannot be in state ${count.state}.`, `${field}.physical_count.state`);
    checkQuantity(count.quantity!, `${field}.physical_count.quantity`, true);
    return;
  }
  if (change.type === 'ADJUSTMENT') {
    const adjustment = change.adjustment;
    if (!adjustment) throw missingParameter(`${field}.adjustment`);
    for (const name of ['catalog_object_id', 'from_state', 'to_state', 'quantity', 'occurred_at'] as const) if (!adjustment[name]) throw missingParameter(`${field}.adjustment.${name}`);
    const location = adjustmentLocation(adjustment);
    if (!location) throw missingParameter(`${field}.adjustment.from_location_id`);
    if (adjustment.from_location_id && adjustment.to_location_id && adjustment.from_location_id !== adjustment.to_location_id) {
      throw invalidRequest('INVALID_VALUE', 'An adjustment stays at one location; use a TRANSFER to move stock between locations.', `${field}.adjustment.to_location_id`);
    }
    checkTarget(state, adjustment.catalog_object_id!, location, `${field}.adjustment`);
    checkQuantity(adjustment.quantity!, `${field}.adjustment.quantity`, false);
    return;
  }
  if (!change.type) throw missingParameter(`${field}.type`);
  throw invalidRequest('INVALID_VALUE', `The emulator records PHYSICAL_COUNT and ADJUSTMENT changes, not ${change.type}.`, `${field}.type`);
}

/** Square's SDK names an adjustment's location `from_location_id`/`to_location_id`; its older API description `location_id`. */
function adjustmentLocation(adjustment: AdjustmentRaw): string | undefined {
  return adjustment.from_location_id ?? adjustment.to_location_id ?? adjustment.location_id ?? undefined;
}

function checkTarget(state: EmulatorState, catalogObjectId: string, locationId: string, field: string): void {
  if (!findVariation(state, catalogObjectId)) throw notFound(`Item variation \`${catalogObjectId}\` not found.`, `${field}.catalog_object_id`);
  checkLocation(locationId, `${field}.location_id`);
}

function checkQuantity(quantity: string, field: string, zeroAllowed: boolean): void {
  if (!QUANTITY.test(quantity)) throw invalidRequest('INVALID_VALUE', 'Quantity must be a non-negative decimal number written as a string.', field);
  if (!zeroAllowed && Number(quantity) === 0) throw invalidRequest('VALUE_TOO_LOW', 'An adjustment must move more than 0.', field);
}

const countKey = (catalogObjectId: string, locationId: string, state: string) => `${catalogObjectId}|${locationId}|${state}`;

/** Sets one count (decimal string, up to five places) and returns its key. */
export function setCount(state: EmulatorState, catalogObjectId: string, locationId: string, inventoryState: string, quantity: number, at: string): string {
  const key = countKey(catalogObjectId, locationId, inventoryState);
  const record: InventoryCountRecord = {
    catalog_object_id: catalogObjectId,
    catalog_object_type: 'ITEM_VARIATION',
    state: inventoryState,
    location_id: locationId,
    quantity: String(Math.round(quantity * 1e5) / 1e5),
    calculated_at: at,
  };
  state.inventory[key] = record;
  return key;
}

/**
 * A paid order's catalog lines leave the shelf: each moves IN_STOCK → SOLD at the order's location,
 * recorded as an adjustment naming the order. Answers the counts it touched.
 */
export function recordSale(state: EmulatorState, lines: { catalogObjectId: string; quantity: number }[], orderId: string, at: string): InventoryCountRecord[] {
  const location = LOCATION.id as string;
  const touched = new Set<string>();
  for (const line of lines) {
    const current = Number(state.inventory[countKey(line.catalogObjectId, location, 'IN_STOCK')]?.quantity ?? 0);
    touched.add(setCount(state, line.catalogObjectId, location, 'IN_STOCK', current - line.quantity, at));
    state.inventoryChanges.push({
      type: 'ADJUSTMENT',
      adjustment: {
        id: newId.inventoryChange(),
        from_state: 'IN_STOCK',
        to_state: 'SOLD',
        from_location_id: location,
        to_location_id: location,
        catalog_object_id: line.catalogObjectId,
        catalog_object_type: 'ITEM_VARIATION',
        quantity: String(line.quantity),
        transaction_id: orderId,
        occurred_at: at,
        created_at: at,
      },
    });
  }
  return [...touched].map((key) => state.inventory[key]);
}

/** `POST /v2/inventory/counts/batch-retrieve`: counts by variation, location, state and time, paged. */
export function batchRetrieveInventoryCounts(ctx: HandlerContext): Reply {
  const request = validateBody<BatchRetrieveCountsRequest>(serialization.BatchGetInventoryCountsRequest, ctx.body);
  const limit = limitOf(request.limit, 1000, 1000);
  const ids = request.catalog_object_ids?.length ? new Set(request.catalog_object_ids) : undefined;
  const locations = request.location_ids?.length ? new Set(request.location_ids) : undefined;
  const states = request.states?.length ? new Set<string>(request.states) : undefined;
  if (request.updated_after && Number.isNaN(Date.parse(request.updated_after))) throw invalidRequest('INVALID_TIME', 'updated_after must be an RFC 3339 timestamp.', 'updated_after');
  const after = request.updated_after ? Date.parse(request.updated_after) : undefined;
  const counts = Object.values(ctx.state.inventory).filter(
    (c) =>
      (!ids || ids.has(c.catalog_object_id)) &&
      (!locations || locations.has(c.location_id)) &&
      (!states || states.has(c.state)) &&
      (after === undefined || Date.parse(c.calculated_at) > after),
  );
  const result = page(counts, request.cursor, limit);
  return ok({ ...(result.items.length ? { counts: result.items } : {}), ...(result.cursor ? { cursor: result.cursor } : {}) });
}

import { serialization } from 'square';
import { findVariation } from './catalog-objects';
import { now, ok, type HandlerContext, type Reply } from './emulator-context';
import type { PaymentRaw } from './emulator-state';
import { oncePerKey } from './idempotency';
import { newId } from './ids';
import { recordSale } from './inventory';
import { checkLocation, LOCATION } from './locations';
import { priceOrder, type OrderRaw } from './order-pricing';
import { limitOf, page } from './paging';
import { validateBody } from './request-validation';
import { invalidRequest, missingParameter, notFound, type ErrorCode } from './square-error';
import type { EmulatorNotice } from './webhooks';

type FulfillmentRaw = serialization.Fulfillment.Raw;
type FulfillmentState = serialization.FulfillmentState.Raw;

/** Square moves a fulfillment one step at a time; any open step may be canceled. */
const NEXT_STEP: Record<string, FulfillmentState> = { PROPOSED: 'RESERVED', RESERVED: 'PREPARED', PREPARED: 'COMPLETED' };
const DONE: ReadonlySet<string> = new Set(['COMPLETED', 'CANCELED', 'FAILED']);
const money = (amount: number): serialization.Money.Raw => ({ amount, currency: LOCATION.currency as serialization.Currency.Raw });
const cents = (m: serialization.Money.Raw | null | undefined): number => Number(m?.amount ?? 0);

/** `POST /v2/orders`: an itemized order, priced, `OPEN`, version 1; once per idempotency key. */
export function createOrder(ctx: HandlerContext): Reply {
  const request = validateBody<serialization.CreateOrderRequest.Raw>(serialization.CreateOrderRequest, ctx.body, [
    { field: 'idempotency_key', max: 192 },
    { field: 'order.reference_id', max: 40 },
  ]);
  if (!request.order) throw missingParameter('order');
  const create = (): Reply => {
    const order = newOrder(ctx, request.order!);
    ctx.state.orders[order.id as string] = order;
    ctx.notify({ type: 'order.created', dataType: 'order_created', id: order.id as string, object: { order_created: entry(order) } });
    return ok({ order });
  };
  return request.idempotency_key ? oncePerKey(ctx.state, 'CreateOrder', request.idempotency_key, ctx.body, create) : create();
}

function newOrder(ctx: HandlerContext, given: OrderRaw): OrderRaw {
  if (!given.location_id) throw missingParameter('order.location_id');
  checkLocation(given.location_id, 'order.location_id');
  if (given.customer_id && !ctx.state.customers[given.customer_id]) throw notFound(`Customer \`${given.customer_id}\` not found.`, 'order.customer_id');
  if (given.state && given.state !== 'OPEN' && given.state !== 'DRAFT') throw invalidRequest('INVALID_VALUE', 'A new order is OPEN or DRAFT.', 'order.state');
  const at = now();
  const fulfillments = (given.fulfillments ?? []).map((f, i) => newFulfillment(f, `order.fulfillments[${i}]`, at));
  if (fulfillments.length > 1) throw invalidRequest('INVALID_VALUE', 'An order created through the API has at most one fulfillment.', 'order.fulfillments');
  const { id: _id, version: _version, tenders: _tenders, ...rest } = given;
  const priced = priceOrder(ctx.state, rest, 'order');
  return {
    ...priced,
    id: newId.order(),
    ...(fulfillments.length ? { fulfillments } : {}),
    created_at: at,
    updated_at: at,
    state: given.state ?? 'OPEN',
    version: 1,
    net_amount_due_money: priced.total_money,
  };
}

function newFulfillment(f: FulfillmentRaw, field: string, at: string): FulfillmentRaw {
  if (f.type !== 'PICKUP' && f.type !== 'SHIPMENT') throw invalidRequest('INVALID_VALUE', 'The emulator keeps PICKUP and SHIPMENT fulfillments.', `${field}.type`);
  if (f.state && f.state !== 'PROPOSED') throw invalidRequest('INVALID_VALUE', 'A new fulfillment is PROPOSED.', `${field}.state`);
  if (f.type === 'PICKUP') {
    const pickup = f.pickup_details;
    if (!pickup) throw missingParameter(`${field}.pickup_details`);
    if (!pickup.recipient?.display_name && !pickup.recipient?.customer_id) throw missingParameter(`${field}.pickup_details.recipient.display_name`);
    if ((pickup.schedule_type ?? 'SCHEDULED') === 'SCHEDULED' && !pickup.pickup_at) throw missingParameter(`${field}.pickup_details.pickup_at`);
    return { ...f, uid: f.uid ?? newId.uid(), state: 'PROPOSED', pickup_details: { ...pickup, placed_at: at } };
  }
  const shipment = f.shipment_details;
  if (!shipment) throw missingParameter(`${field}.shipment_details`);
  if (!shipment.recipient?.display_name && !shipment.recipient?.customer_id) throw missingParameter(`${field}.shipment_details.recipient.display_name`);
  return { ...f, uid: f.uid ?? newId.uid(), state: 'PROPOSED', shipment_details: { ...shipment, placed_at: at } };
}

/** `GET /v2/orders/{id}`. */
export function retrieveOrder(ctx: HandlerContext): Reply {
  return ok({ order: orderOf(ctx, ctx.params[0]) });
}

/** `POST /v2/orders/batch-retrieve`: the orders found among `order_ids` (unknown ids are left out). */
export function batchRetrieveOrders(ctx: HandlerContext): Reply {
  const request = validateBody<serialization.BatchGetOrdersRequest.Raw>(serialization.BatchGetOrdersRequest, ctx.body);
  if (request.order_ids.length > 100) throw invalidRequest('ARRAY_LENGTH_TOO_LONG', 'At most 100 order ids per request.', 'order_ids');
  checkLocation(request.location_id);
  const orders = request.order_ids.map((id) => ctx.state.orders[id]).filter((o): o is OrderRaw => !!o);
  return ok(orders.length ? { orders } : {});
}

/**
 * `POST /v2/orders/search`: a location's orders by state, time, customer, source and fulfillment,
 * sorted by `CREATED_AT` (default), `UPDATED_AT` or `CLOSED_AT`, paged (`limit` ≤ 1000, default 500);
 * `return_entries` answers only ids and versions.
 */
export function searchOrders(ctx: HandlerContext): Reply {
  const request = validateBody<serialization.SearchOrdersRequest.Raw>(serialization.SearchOrdersRequest, ctx.body);
  if (!request.location_ids?.length) throw missingParameter('location_ids');
  request.location_ids.forEach((id, i) => checkLocation(id, `location_ids[${i}]`));
  const limit = limitOf(request.limit, 500, 1000);
  const filter = request.query?.filter;
  const sortField = request.query?.sort?.sort_field ?? 'CREATED_AT';
  const timeOf = (o: OrderRaw, f: string) => ({ CREATED_AT: o.created_at, UPDATED_AT: o.updated_at, CLOSED_AT: o.closed_at })[f] ?? undefined;
  const range = filter?.date_time_filter;
  const rangeField = range?.closed_at ? 'CLOSED_AT' : range?.updated_at ? 'UPDATED_AT' : 'CREATED_AT';
  const window = range?.closed_at ?? range?.updated_at ?? range?.created_at;
  if (range && rangeField !== sortField) throw invalidRequest('INVALID_VALUE', 'The sort field must be the field of the date-time filter.', 'query.sort.sort_field');
  const inWindow = (at: string | null | undefined) => !window || (!!at && (!window.start_at || at >= window.start_at) && (!window.end_at || at <= window.end_at));
  const matching = Object.values(ctx.state.orders).filter((o) => {
    const types = filter?.fulfillment_filter?.fulfillment_types;
    const states = filter?.fulfillment_filter?.fulfillment_states;
    return (
      request.location_ids!.includes(o.location_id) &&
      (!filter?.state_filter?.states?.length || filter.state_filter.states.includes(o.state!)) &&
      (!filter?.customer_filter?.customer_ids?.length || filter.customer_filter.customer_ids.includes(o.customer_id ?? '')) &&
      (!filter?.source_filter?.source_names?.length || filter.source_filter.source_names.includes(o.source?.name ?? '')) &&
      (!types?.length || (o.fulfillments ?? []).some((f) => types.includes(f.type!))) &&
      (!states?.length || (o.fulfillments ?? []).some((f) => states.includes(f.state!))) &&
      inWindow(timeOf(o, rangeField))
    );
  });
  const direction = request.query?.sort?.sort_order === 'ASC' ? 1 : -1;
  matching.sort((a, b) => (timeOf(a, sortField) ?? '').localeCompare(timeOf(b, sortField) ?? '') * direction);
  const { items, cursor } = page(matching, request.cursor, limit);
  const found = request.return_entries ? { order_entries: items.map((o) => ({ order_id: o.id, version: o.version, location_id: o.location_id })) } : items.length ? { orders: items } : {};
  return ok({ ...found, ...(cursor ? { cursor } : {}) });
}

/** `POST /v2/orders/calculate`: the order priced as `CreateOrder` would price it, saved nowhere. */
export function calculateOrder(ctx: HandlerContext): Reply {
  const request = validateBody<serialization.CalculateOrderRequest.Raw>(serialization.CalculateOrderRequest, ctx.body);
  checkLocation(request.order.location_id, 'order.location_id');
  const priced = priceOrder(ctx.state, request.order, 'order');
  return ok({ order: { ...priced, state: 'OPEN', version: 1, net_amount_due_money: priced.total_money } });
}

/**
 * `PUT /v2/orders/{id}`: a sparse update at the order's current `version` (else `VERSION_MISMATCH`):
 * `reference_id`, `customer_id`, `metadata`, the order's `state` (`CANCELED` while unpaid) and its
 * fulfillments by `uid` (details merged, the state moved one step); `fields_to_clear` empties
 * top-level fields and fulfillment details. A `COMPLETED` or `CANCELED` order cannot change.
 */
export function updateOrder(ctx: HandlerContext): Reply {
  const request = validateBody<serialization.UpdateOrderRequest.Raw>(serialization.UpdateOrderRequest, ctx.body, [{ field: 'idempotency_key', max: 192 }]);
  const update = (): Reply => {
    const order = orderOf(ctx, ctx.params[0]);
    const sparse = request.order ?? ({} as OrderRaw);
    if (sparse.version === undefined || sparse.version === null) throw missingParameter('order.version');
    if (sparse.version !== order.version) {
      throw invalidRequest('VERSION_MISMATCH' as ErrorCode, `The order is at version ${order.version}, not ${sparse.version}: read it again and send its current version.`, 'order.version');
    }
    if (order.state === 'COMPLETED' || order.state === 'CANCELED') throw invalidRequest('BAD_REQUEST', `Order ${order.id} is ${order.state} and cannot be updated.`, 'order');
    for (const name of ['line_items', 'discounts', 'service_charges'] as const) {
      if (sparse[name]) throw invalidRequest('BAD_REQUEST', `The emulator does not change an order's ${name} after it is created.`, `order.${name}`);
    }
    if (sparse.customer_id && !ctx.state.customers[sparse.customer_id]) throw notFound(`Customer \`${sparse.customer_id}\` not found.`, 'order.customer_id');
    const at = now();
    const changed: OrderRaw = { ...order };
    for (const name of ['reference_id', 'customer_id', 'metadata', 'ticket_name'] as const)
      if (sparse[name] !== undefined) (changed as unknown as Record<string, unknown>)[name] = sparse[name];
    for (const path of request.fields_to_clear ?? []) clearField(changed, path);
    const moves = (sparse.fulfillments ?? []).map((f, i) => updateFulfillment(changed, f, `order.fulfillments[${i}]`, at));
    if (sparse.state && sparse.state !== order.state) setOrderState(changed, sparse.state, at);
    if (isPaid(changed) && (changed.fulfillments ?? []).length && (changed.fulfillments ?? []).every((f) => f.state === 'COMPLETED')) close(changed, 'COMPLETED', at);
    const saved = { ...changed, version: (order.version ?? 1) + 1, updated_at: at };
    ctx.state.orders[order.id as string] = saved;
    announce(
      ctx,
      saved,
      moves.filter((m) => m.old_state !== m.new_state),
    );
    return ok({ order: saved });
  };
  return request.idempotency_key ? oncePerKey(ctx.state, 'UpdateOrder', `${ctx.params[0]}:${request.idempotency_key}`, ctx.body, update) : update();
}

function updateFulfillment(order: OrderRaw, given: FulfillmentRaw, field: string, at: string): { fulfillment_uid: string; old_state: FulfillmentState; new_state: FulfillmentState } {
  if (!given.uid) throw invalidRequest('BAD_REQUEST', 'The emulator adds no fulfillment to an existing order: name the fulfillment by uid.', `${field}.uid`);
  const list = order.fulfillments ?? [];
  const index = list.findIndex((f) => f.uid === given.uid);
  if (index < 0) throw notFound(`No fulfillment with uid ${given.uid} in order ${order.id}.`, `${field}.uid`);
  const current = list[index];
  const from = current.state as FulfillmentState;
  const to = (given.state ?? from) as FulfillmentState;
  if (to !== from) {
    if (DONE.has(from)) throw invalidRequest('BAD_REQUEST', `The fulfillment is ${from} and cannot move to ${to}.`, `${field}.state`);
    if (to !== 'CANCELED' && NEXT_STEP[from] !== to)
      throw invalidRequest('BAD_REQUEST', `A fulfillment moves one step at a time: from ${from} the next step is ${NEXT_STEP[from]}, not ${to}.`, `${field}.state`);
  }
  const next: FulfillmentRaw = { ...current, state: to };
  if (given.pickup_details) next.pickup_details = { ...current.pickup_details, ...given.pickup_details };
  if (given.shipment_details) next.shipment_details = { ...current.shipment_details, ...given.shipment_details };
  if (to !== from) stamp(next, to, at);
  order.fulfillments = list.map((f, i) => (i === index ? next : f));
  return { fulfillment_uid: given.uid, old_state: from, new_state: to };
}

/** The times Square records as a fulfillment moves. */
function stamp(f: FulfillmentRaw, to: FulfillmentState, at: string): void {
  if (f.type === 'PICKUP') {
    const times: Record<string, string> = { RESERVED: 'accepted_at', PREPARED: 'ready_at', COMPLETED: 'picked_up_at', CANCELED: 'canceled_at' };
    if (times[to]) f.pickup_details = { ...f.pickup_details, [times[to]]: at };
  } else {
    const times: Record<string, string> = { RESERVED: 'in_progress_at', PREPARED: 'packaged_at', COMPLETED: 'shipped_at', CANCELED: 'canceled_at', FAILED: 'failed_at' };
    if (times[to]) f.shipment_details = { ...f.shipment_details, [times[to]]: at };
  }
}

function setOrderState(order: OrderRaw, to: string, at: string): void {
  if (to === 'CANCELED') {
    if (order.tenders?.length) throw invalidRequest('BAD_REQUEST', `Order ${order.id} is paid: refund its payments rather than cancel it.`, 'order.state');
    order.fulfillments = (order.fulfillments ?? []).map((f) => {
      if (DONE.has(f.state ?? '')) return f;
      const canceled = { ...f, state: 'CANCELED' as FulfillmentState };
      stamp(canceled, 'CANCELED', at);
      return canceled;
    });
    return close(order, 'CANCELED', at);
  }
  if (to === 'COMPLETED') {
    if (!isPaid(order)) throw invalidRequest('BAD_REQUEST', `Order ${order.id} is not paid and cannot be completed.`, 'order.state');
    if ((order.fulfillments ?? []).some((f) => !DONE.has(f.state ?? ''))) throw invalidRequest('BAD_REQUEST', `Order ${order.id} has a fulfillment under way.`, 'order.state');
    return close(order, 'COMPLETED', at);
  }
  if (to === 'OPEN' && order.state === 'DRAFT') {
    order.state = 'OPEN';
    return;
  }
  throw invalidRequest('BAD_REQUEST', `Order ${order.id} cannot move from ${order.state} to ${to}.`, 'order.state');
}

function close(order: OrderRaw, state: 'COMPLETED' | 'CANCELED', at: string): void {
  order.state = state;
  order.closed_at = at;
}

const TOP_LEVEL_CLEARABLE = new Set(['reference_id', 'customer_id', 'metadata', 'ticket_name']);

/** `fields_to_clear` paths: a top-level field, or `fulfillments[<uid>].<details>.<field>`. */
function clearField(order: OrderRaw, path: string): void {
  if (TOP_LEVEL_CLEARABLE.has(path)) {
    delete (order as unknown as Record<string, unknown>)[path];
    return;
  }
  const nested = /^fulfillments\[([^\]]+)\]\.(pickup_details|shipment_details)\.([a-z_]+)$/.exec(path);
  if (!nested) throw invalidRequest('INVALID_VALUE', `The emulator cannot clear ${path}.`, 'fields_to_clear');
  const [, uid, details, name] = nested;
  order.fulfillments = (order.fulfillments ?? []).map((f) => {
    if (f.uid !== uid) return f;
    const copy = { ...(f[details as 'pickup_details'] ?? {}) } as Record<string, unknown>;
    delete copy[name];
    return { ...f, [details]: copy };
  });
}

/**
 * `POST /v2/orders/{id}/pay`: pays the order with approved (delayed capture) payments made for it,
 * which together must equal what is due; they are completed, and any other approved payment of the
 * order is canceled. An order of 0 is paid with no payments.
 */
export function payOrder(ctx: HandlerContext): Reply {
  const request = validateBody<serialization.PayOrderRequest.Raw>(serialization.PayOrderRequest, ctx.body, [{ field: 'idempotency_key', min: 1, max: 192 }]);
  return oncePerKey(ctx.state, 'PayOrder', `${ctx.params[0]}:${request.idempotency_key}`, ctx.body, () => {
    const order = orderOf(ctx, ctx.params[0]);
    if (request.order_version !== undefined && request.order_version !== null && request.order_version !== order.version) {
      throw invalidRequest('VERSION_MISMATCH' as ErrorCode, `The order is at version ${order.version}, not ${request.order_version}.`, 'order_version');
    }
    if (order.state !== 'OPEN') throw invalidRequest('BAD_REQUEST', `Order ${order.id} is ${order.state} and cannot be paid.`, 'order_id');
    const ids = request.payment_ids ?? [];
    const payments = ids.map((id, i) => {
      const payment = ctx.state.payments[id];
      if (!payment) throw notFound(`Could not find payment with id: ${id}`, `payment_ids[${i}]`);
      if (payment.order_id !== order.id) throw invalidRequest('BAD_REQUEST', `Payment ${id} was not made for order ${order.id}.`, `payment_ids[${i}]`);
      if (payment.status !== 'APPROVED') throw invalidRequest('BAD_REQUEST', `Payment ${id} is ${payment.status}; PayOrder takes approved payments.`, `payment_ids[${i}]`);
      return payment;
    });
    const paying = payments.reduce((sum, p) => sum + cents(p.amount_money), 0);
    const due = cents(order.net_amount_due_money);
    if (paying !== due) throw invalidRequest('PAYMENT_AMOUNT_MISMATCH', `The payments total ${paying}, the order is due ${due}.`, 'payment_ids');
    const at = now();
    for (const payment of payments) ctx.state.payments[payment.id as string] = captured(payment, at);
    for (const other of Object.values(ctx.state.payments)) {
      if (other.order_id === order.id && other.status === 'APPROVED' && !ids.includes(other.id as string)) ctx.state.payments[other.id as string] = voided(other, at);
    }
    const paid = paidWith(
      ctx,
      order,
      payments.map((p) => ctx.state.payments[p.id as string]),
      at,
    );
    return ok({ order: paid });
  });
}

/**
 * Checks a payment about to be made for an order (`CreatePayment` with `order_id`): the order is
 * the location's, open, and its amount is what is still due.
 */
export function checkOrderPayment(ctx: HandlerContext, orderId: string, amount: number): void {
  const order = ctx.state.orders[orderId];
  if (!order) throw notFound(`Order \`${orderId}\` not found.`, 'order_id');
  if (order.state !== 'OPEN') throw invalidRequest('BAD_REQUEST', `Order ${orderId} is ${order.state} and cannot be paid.`, 'order_id');
  const pending = Object.values(ctx.state.payments)
    .filter((p) => p.order_id === orderId && p.status === 'APPROVED')
    .reduce((sum, p) => sum + cents(p.amount_money), 0);
  const due = cents(order.net_amount_due_money) - pending;
  if (amount !== due) {
    throw invalidRequest('INVALID_VALUE', `The payment's amount_money (${amount}) must equal what is due on order ${orderId} (${due}).`, 'amount_money.amount');
  }
}

/** A completed payment made for an order pays it (`CreatePayment` that captures, or `CompletePayment`). */
export function paymentCompleted(ctx: HandlerContext, payment: PaymentRaw): void {
  const order = payment.order_id ? ctx.state.orders[payment.order_id] : undefined;
  if (!order || order.state !== 'OPEN') return;
  if (order.tenders?.some((t) => t.payment_id === payment.id)) return;
  paidWith(ctx, order, [payment], payment.updated_at ?? now());
}

/**
 * Records payments as the order's tenders. Once nothing is due, Square takes its catalog lines of
 * tracked variations off the shelf, and an order with no fulfillment under way is `COMPLETED`.
 */
function paidWith(ctx: HandlerContext, order: OrderRaw, payments: PaymentRaw[], at: string): OrderRaw {
  const tenders = payments.map((p): serialization.Tender.Raw => ({
    id: newId.tender(),
    location_id: order.location_id,
    transaction_id: order.id,
    created_at: at,
    amount_money: p.amount_money,
    ...(p.customer_id ? { customer_id: p.customer_id } : {}),
    type: 'CARD',
    card_details: { status: 'CAPTURED', card: p.card_details?.card, entry_method: 'KEYED' },
    payment_id: p.id,
  }));
  const due = cents(order.net_amount_due_money) - payments.reduce((sum, p) => sum + cents(p.amount_money), 0);
  const paid: OrderRaw = { ...order, tenders: [...(order.tenders ?? []), ...tenders], net_amount_due_money: money(due), version: (order.version ?? 1) + 1, updated_at: at };
  if (due === 0) {
    const sold = (paid.line_items ?? [])
      .filter((line) => line.catalog_object_id && findVariation(ctx.state, line.catalog_object_id)?.item_variation_data?.track_inventory)
      .map((line) => ({ catalogObjectId: line.catalog_object_id as string, quantity: Number(line.quantity) }));
    const counts = recordSale(ctx.state, sold, order.id as string, at);
    if (counts.length) ctx.notify({ type: 'inventory.count.updated', dataType: 'inventory_counts', object: { inventory_counts: structuredClone(counts) } });
    if ((paid.fulfillments ?? []).every((f) => DONE.has(f.state ?? ''))) close(paid, 'COMPLETED', at);
  }
  ctx.state.orders[order.id as string] = paid;
  announce(ctx, paid, []);
  return paid;
}

function captured(payment: PaymentRaw, at: string): PaymentRaw {
  const card = payment.card_details!;
  return { ...payment, status: 'COMPLETED', updated_at: at, card_details: { ...card, status: 'CAPTURED', card_payment_timeline: { ...card.card_payment_timeline, captured_at: at } } };
}

function voided(payment: PaymentRaw, at: string): PaymentRaw {
  const card = payment.card_details!;
  return {
    ...payment,
    status: 'CANCELED',
    updated_at: at,
    approved_money: money(0),
    card_details: { ...card, status: 'VOIDED', card_payment_timeline: { ...card.card_payment_timeline, voided_at: at } },
  };
}

function orderOf(ctx: HandlerContext, id: string): OrderRaw {
  const order = ctx.state.orders[id];
  if (!order) throw notFound(`Order \`${id}\` not found.`, 'order_id');
  return order;
}

const isPaid = (order: OrderRaw) => !!order.tenders?.length && cents(order.net_amount_due_money) === 0;

const entry = (order: OrderRaw) => ({ order_id: order.id, version: order.version, location_id: order.location_id, state: order.state, created_at: order.created_at });

/** Square's `order.updated` notice of an order's change (a refund of its payment among them). */
export function orderUpdated(order: OrderRaw): EmulatorNotice {
  return { type: 'order.updated', dataType: 'order_updated', id: order.id as string, object: { order_updated: { ...entry(order), updated_at: order.updated_at } } };
}

/** `order.updated` for every change; `order.fulfillment.updated` as well when a fulfillment moved. */
function announce(ctx: HandlerContext, order: OrderRaw, moves: { fulfillment_uid: string; old_state: FulfillmentState; new_state: FulfillmentState }[]): void {
  const updated = { ...entry(order), updated_at: order.updated_at };
  ctx.notify(orderUpdated(order));
  if (moves.length)
    ctx.notify({
      type: 'order.fulfillment.updated',
      dataType: 'order_fulfillment_updated',
      id: order.id as string,
      object: { order_fulfillment_updated: { ...updated, fulfillment_update: moves } },
    });
}

import { conflict, invalid, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import { restockChange, soldChange, type ProductDetails, type ProductEvent, type SquareCount, type Stock } from './product.events';
import { assertAvailable } from './stock-rules';

export type ProductState =
  | { exists: false }
  | ({
      exists: true;
      productId: number;
      reservations: Readonly<Record<string, number>>;
      /** The Square item it came from or was linked to, if any. */
      squareItemId?: string;
      /** The Square variation whose count this product's stock follows, if any. */
      squareVariationId?: string;
      /** The last count from Square that was applied, and its `calculated_at`. */
      squareCount?: number;
      squareCountAt?: string;
      /** Stock changes made here that Square's count does not hold yet, by change key: units moved (sold: negative). */
      unpushed: Readonly<Record<string, number>>;
      /** The refunds whose units came back, by refund id (absent until the first). */
      restocked?: Readonly<Record<string, number>>;
    } & ProductDetails &
      Stock);

/** Square's count of the linked variation, as a webhook or a sync read it. */
export interface SquareCountReading {
  squareVariationId: string;
  /** Square's decimal count as a number; below zero when more was sold than Square knew of. */
  quantity: number;
  /** Square's `calculated_at` (RFC 3339). */
  calculatedAt: string;
}

export type ProductCommand =
  | ({ kind: 'AddProduct'; productId: number } & ProductDetails & Stock)
  | { kind: 'ChangeProductDetails'; productId: number; changes: Partial<ProductDetails> }
  | ({ kind: 'SetStock'; productId: number } & Stock)
  | { kind: 'ReserveStock'; productId: number; orderId: string; quantity: number }
  | { kind: 'ReleaseStock'; productId: number; orderId: string }
  | { kind: 'SellStock'; productId: number; orderId: string }
  | { kind: 'RestockFromRefund'; productId: number; orderId: string; refundId: string; quantity: number }
  | {
      kind: 'ImportFromSquare';
      productId: number;
      squareItemId: string;
      details: ProductDetails;
      stock: Stock;
      /** The item's only variation and its count: the product's stock then follows Square's count. */
      squareCount?: SquareCountReading;
    }
  | ({ kind: 'ApplySquareCount'; productId: number } & SquareCountReading)
  | { kind: 'RecordSquarePush'; productId: number; change: string; squareCount?: number; squareCountAt?: string };

/** Units on hand that no checkout holds. */
export function availableStock(state: Extract<ProductState, { exists: true }>): number {
  const held = Object.values(state.reservations).reduce((sum, q) => sum + q, 0);
  return Math.max(0, state.stockQuantity - held);
}

/**
 * What the shop has on hand given Square's count: the count, minus what the shop sold that Square
 * has not been told of yet (plus what it restocked). Units reserved by checkouts in flight are in
 * Square's count and in the shop's on-hand alike (reservations are subtracted only when deciding what
 * shoppers may buy), so a count needs no correction for them. Never below 0: a count below zero is
 * kept as `squareCount`, which the dashboard shows as oversold at the stall.
 */
export function onHandFromSquare(count: number, unpushed: Readonly<Record<string, number>>): number {
  const pending = Object.values(unpushed).reduce((sum, q) => sum + q, 0);
  return Math.min(MAX_STOCK, Math.max(0, Math.floor(count) + pending));
}

/** True when `at` is strictly newer than the count already applied (or none was). */
function newerCount(state: { squareCountAt?: string }, at: string): boolean {
  if (!state.squareCountAt) return true;
  return compareTimes(at, state.squareCountAt) > 0;
}

/**
 * Orders two RFC 3339 times: by the instant, then by the fraction of a second beyond milliseconds
 * (Square writes up to nanoseconds, `Date.parse` keeps milliseconds).
 */
export function compareTimes(a: string, b: string): number {
  const byMs = Date.parse(a) - Date.parse(b);
  if (byMs !== 0 || Number.isNaN(byMs)) return byMs || 0;
  const fraction = (t: string) => (/T[\d:]+\.(\d+)/.exec(t)?.[1] ?? '').padEnd(9, '0').slice(3, 9);
  return fraction(a) < fraction(b) ? -1 : fraction(a) > fraction(b) ? 1 : 0;
}

const MAX_PRICE_CENTS = 10_000_000;
const MAX_STOCK = 100_000;

type ExistingProduct = Extract<ProductState, { exists: true }>;

/**
 * The StockSet a count from Square leads to, on a product whose stock follows it; none when a count
 * as new or newer was applied already (out-of-order deliveries, repeats, the echo of our own pushes).
 * Recorded even when the units did not change, so that the count's time is kept for ordering.
 */
function stockFromSquare(state: ExistingProduct, count: number, at: string): ProductEvent[] {
  if (!newerCount(state, at)) return [];
  const stockQuantity = onHandFromSquare(count, state.unpushed);
  return [{ type: 'StockSet', data: { inStock: inStockWith(state, stockQuantity), stockQuantity, squareCount: count, squareCountAt: at } }];
}

/** The flag for new units on hand: an operator's Mark Sold Out (flag off while units remain) stays. */
function inStockWith(state: ExistingProduct, stockQuantity: number): boolean {
  const markedSoldOut = !state.inStock && state.stockQuantity > 0;
  return !markedSoldOut && stockQuantity > 0;
}

const squareFields = (s: SquareCount & { squareVariationId?: string }) => ({
  ...(s.squareVariationId ? { squareVariationId: s.squareVariationId } : {}),
  ...(s.squareCount !== undefined ? { squareCount: s.squareCount } : {}),
  ...(s.squareCountAt ? { squareCountAt: s.squareCountAt } : {}),
});

function checkDetails(d: Partial<ProductDetails>): void {
  if (d.name !== undefined && d.name.trim() === '') throw invalid('A product needs a name.');
  if (d.priceCents !== undefined && (!Number.isInteger(d.priceCents) || d.priceCents < 0 || d.priceCents > MAX_PRICE_CENTS)) {
    throw invalid('The price must be a whole number of cents between 0 and 100000.00 dollars.');
  }
}

function checkStock(s: Stock): void {
  if (!Number.isInteger(s.stockQuantity) || s.stockQuantity < 0 || s.stockQuantity > MAX_STOCK) {
    throw invalid(`The stock quantity must be a whole number from 0 to ${MAX_STOCK}.`);
  }
}

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: { exists: false },

  evolve(state, event) {
    switch (event.type) {
      case 'ProductAdded':
      case 'ProductImportedFromSquare':
        return { exists: true, ...event.data, reservations: {}, unpushed: {} };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'ProductDetailsChanged':
        return { ...state, ...event.data };
      case 'StockSet': {
        const { squareCount, squareCountAt, ...stock } = event.data;
        return { ...state, ...stock, ...(squareCountAt ? { squareCount, squareCountAt } : {}) };
      }
      case 'ProductLinkedToSquare': {
        const { squareVariationId: _previous, squareCount: _count, squareCountAt: _at, ...rest } = state;
        // A new link starts its own count history, and changes made before it are nobody's to push.
        const linked = { ...rest, squareItemId: event.data.squareItemId, unpushed: {} };
        return event.data.squareVariationId ? { ...linked, squareVariationId: event.data.squareVariationId } : linked;
      }
      case 'StockPushedToSquare':
        return { ...state, unpushed: without(state.unpushed, event.data.change) };
      case 'StockReserved':
        return { ...state, reservations: { ...state.reservations, [event.data.orderId]: event.data.quantity } };
      case 'StockReleased':
        return { ...state, reservations: without(state.reservations, event.data.orderId) };
      case 'StockSold': {
        // An operator may have lowered the count below what was held: never below zero.
        const stockQuantity = Math.max(0, state.stockQuantity - event.data.quantity);
        // Square's count still holds these units until the push lands: remembered until it is acknowledged.
        const unpushed = state.squareVariationId ? { ...state.unpushed, [soldChange(event.data.orderId)]: -event.data.quantity } : state.unpushed;
        return { ...state, stockQuantity, inStock: state.inStock && stockQuantity > 0, reservations: without(state.reservations, event.data.orderId), unpushed };
      }
      case 'StockRestocked': {
        const stockQuantity = state.stockQuantity + event.data.quantity;
        // Square's count lacks these units until the push lands, as it still holds a sale's.
        const unpushed = state.squareVariationId ? { ...state.unpushed, [restockChange(event.data.refundId)]: event.data.quantity } : state.unpushed;
        return { ...state, stockQuantity, inStock: inStockWith(state, stockQuantity), unpushed, restocked: { ...state.restocked, [event.data.refundId]: event.data.quantity } };
      }
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'AddProduct': {
        if (state.exists) throw conflict(`Product ${command.productId} already exists.`);
        const { kind, ...data } = command;
        checkDetails(data);
        checkStock(data);
        return [{ type: 'ProductAdded', data }];
      }
      case 'ChangeProductDetails': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        checkDetails(command.changes);
        return detailsChanged(state, command.changes);
      }
      case 'ImportFromSquare': {
        checkDetails(command.details);
        checkStock(command.stock);
        const reading = command.squareCount;
        if (!state.exists) {
          const link = reading ? { squareVariationId: reading.squareVariationId, squareCount: reading.quantity, squareCountAt: reading.calculatedAt } : {};
          return [{ type: 'ProductImportedFromSquare', data: { productId: command.productId, squareItemId: command.squareItemId, ...command.details, ...command.stock, ...link } }];
        }
        // Only what Square changed: a second sync with nothing new records nothing.
        const events = detailsChanged(state, command.details);
        const variationId = reading?.squareVariationId ?? null;
        let linked: ExistingProduct = state;
        if (state.squareItemId !== command.squareItemId || (state.squareVariationId ?? null) !== variationId) {
          const link: ProductEvent = { type: 'ProductLinkedToSquare', data: { squareItemId: command.squareItemId, squareVariationId: variationId } };
          events.push(link);
          linked = productDecider.evolve(state, link) as ExistingProduct;
        }
        // A followed variation's count goes through the same rule as a webhook's: the sync heals a missed delivery.
        if (reading) return [...events, ...stockFromSquare(linked, reading.quantity, reading.calculatedAt)];
        const stockChanged = state.inStock !== command.stock.inStock || state.stockQuantity !== command.stock.stockQuantity;
        return [...events, ...(stockChanged ? [{ type: 'StockSet' as const, data: command.stock }] : [])];
      }
      case 'ApplySquareCount': {
        // Counts of variations the product does not follow (or of no product) change nothing.
        if (!state.exists || state.squareVariationId !== command.squareVariationId) return [];
        return stockFromSquare(state, command.quantity, command.calculatedAt);
      }
      case 'RecordSquarePush': {
        // Acknowledged once: a retried push job finds nothing left to record.
        if (!state.exists || !(command.change in state.unpushed)) return [];
        const pushed: ProductEvent = { type: 'StockPushedToSquare', data: { change: command.change, quantity: state.unpushed[command.change], ...squareFields(command) } };
        const after = productDecider.evolve(state, pushed) as ExistingProduct;
        // Square's answer is a count like any other; when a newer one was applied already it held this
        // change too, so the units are worked out again from it without the change.
        if (command.squareCount !== undefined && command.squareCountAt && newerCount(after, command.squareCountAt)) {
          return [pushed, ...stockFromSquare(after, command.squareCount, command.squareCountAt)];
        }
        if (after.squareCount === undefined) return [pushed];
        const stockQuantity = onHandFromSquare(after.squareCount, after.unpushed);
        if (stockQuantity === after.stockQuantity) return [pushed];
        return [pushed, { type: 'StockSet', data: { inStock: inStockWith(after, stockQuantity), stockQuantity } }];
      }
      case 'SetStock': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        checkStock(command);
        if (state.inStock === command.inStock && state.stockQuantity === command.stockQuantity) return [];
        return [{ type: 'StockSet', data: { inStock: command.inStock, stockQuantity: command.stockQuantity } }];
      }
      case 'ReserveStock': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        // A retried checkout asks again: what it already holds is its answer.
        if (command.orderId in state.reservations) return [];
        assertAvailable({ name: state.name, inStock: state.inStock, available: availableStock(state), productId: state.productId }, command.quantity);
        return [{ type: 'StockReserved', data: { orderId: command.orderId, quantity: command.quantity } }];
      }
      case 'ReleaseStock': {
        const quantity = state.exists ? state.reservations[command.orderId] : undefined;
        if (quantity === undefined) return [];
        return [{ type: 'StockReleased', data: { orderId: command.orderId, quantity } }];
      }
      case 'SellStock': {
        // Sold once: a repeat (a retried job, a reconciliation) finds nothing held and does nothing.
        const quantity = state.exists ? state.reservations[command.orderId] : undefined;
        if (quantity === undefined) return [];
        return [{ type: 'StockSold', data: { orderId: command.orderId, quantity } }];
      }
      case 'RestockFromRefund': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        // Once per refund: a retried job finds the units back already.
        if (state.restocked && command.refundId in state.restocked) return [];
        if (!Number.isInteger(command.quantity) || command.quantity < 1) throw invalid('A restock needs a whole number of units.');
        const quantity = Math.min(command.quantity, MAX_STOCK - state.stockQuantity);
        return quantity > 0 ? [{ type: 'StockRestocked', data: { orderId: command.orderId, refundId: command.refundId, quantity } }] : [];
      }
    }
  },
};

function detailsChanged(state: ProductDetails, changes: Partial<ProductDetails>): ProductEvent[] {
  const changed = Object.fromEntries(Object.entries(changes).filter(([key, value]) => value !== undefined && state[key as keyof ProductDetails] !== value)) as Partial<ProductDetails>;
  return Object.keys(changed).length ? [{ type: 'ProductDetailsChanged', data: changed }] : [];
}

function without(reservations: Readonly<Record<string, number>>, orderId: string): Record<string, number> {
  const { [orderId]: _released, ...rest } = reservations;
  return rest;
}

import {
  restockChange,
  restockRefusedAlert,
  soldChange,
  type ProductDetails,
  type ProductEvent,
  type ProductOption,
  type SquareCount,
  type Stock,
  type VariantDefinition,
  type VariantDetails,
  type WithdrawalReason,
} from './product.events';
import { upcastProductEvent } from './product-upcast';

// A product as its stream says, and how each event (read as today's: see product-upcast.ts) folds into it.

/** One variant's stock and its Square link, as the product stream says. */
export type VariantState = {
  variantId: string;
  /** No longer sold (removed by the studio or deleted in Square); past orders still name it. */
  removed?: boolean;
  /** Units held by checkouts whose payment is in progress, by order id. */
  reservations: Readonly<Record<string, number>>;
  /** The Square variation whose count this variant's stock follows, if any. */
  squareVariationId?: string;
  /** The last count from Square that was applied, and its `calculated_at`. */
  squareCount?: number;
  squareCountAt?: string;
  /** Stock changes made here that Square's count does not hold yet, by change key: units moved (sold: negative). */
  unpushed: Readonly<Record<string, number>>;
  /** The refunds whose units came back (or were refused: 0), by refund id (absent until the first). */
  restocked?: Readonly<Record<string, number>>;
  /** How many of the studio's stock changes were recorded as `StockAdjusted` (absent: none); the next one's key is `adjusted:<n+1>`. */
  adjustments?: number;
  /** The stock alerts the studio has not dismissed yet (a refused push, by its change's key; a refused restock), by key. */
  alerts?: Readonly<Record<string, true>>;
} & VariantDetails &
  Stock;

export type ExistingProduct = {
  exists: true;
  productId: number;
  /** The Square item it came from or was written to, if any. */
  squareItemId?: string;
  /** Its Square item was archived or deleted: not listed nor sold online until the item is back. */
  withdrawnInSquare?: WithdrawalReason;
  /** The studio has not published it (or set it back to draft): not listed, sold, nor written to Square. */
  draft?: true;
  options: ProductOption[];
  /** Every variant it ever had, in order (removed ones too: a new one takes the next number). */
  variants: VariantState[];
} & ProductDetails;

export type ProductState = { exists: false } | ExistingProduct;

export const sum = (values: Record<string, number>) => Object.values(values).reduce((total, q) => total + q, 0);

/** A variant's units on hand that no checkout holds. */
export function availableStock(variant: Pick<VariantState, 'stockQuantity' | 'reservations'>): number {
  return Math.max(0, variant.stockQuantity - sum(variant.reservations));
}

/** The variants on sale, in order. */
export const liveVariants = (state: ExistingProduct) => state.variants.filter((v) => !v.removed);

/** The variant `variantId` names, removed ones included (past carts and orders name them), or none. */
export const variantOf = (state: ExistingProduct, variantId: string) => state.variants.find((v) => v.variantId === variantId);

/** The variant on sale that follows a Square variation's count, if any. */
export const followerOf = (state: ExistingProduct, squareVariationId: string) => liveVariants(state).find((v) => v.squareVariationId === squareVariationId);

/** The flag for new units on hand: an operator's Mark Sold Out (flag off while units remain) stays. */
export function inStockWith(variant: Stock, stockQuantity: number): boolean {
  const markedSoldOut = !variant.inStock && variant.stockQuantity > 0;
  return !markedSoldOut && stockQuantity > 0;
}

export const squareFields = (s: SquareCount & { squareVariationId?: string }) => ({
  ...(s.squareVariationId ? { squareVariationId: s.squareVariationId } : {}),
  ...(s.squareCount !== undefined ? { squareCount: s.squareCount } : {}),
  ...(s.squareCountAt ? { squareCountAt: s.squareCountAt } : {}),
});

export function newVariant(definition: VariantDefinition): VariantState {
  const { squareCount, squareCountAt, squareVariationId, ...rest } = definition;
  return { ...rest, ...squareFields({ squareVariationId, squareCount, squareCountAt }), reservations: {}, unpushed: {} };
}

function updateVariant(state: ExistingProduct, variantId: string, update: (variant: VariantState) => VariantState): ExistingProduct {
  return { ...state, variants: state.variants.map((v) => (v.variantId === variantId ? update(v) : v)) };
}

function evolveCurrent(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductAdded':
    case 'ProductImportedFromSquare': {
      const { variants, ...product } = event.data;
      return { exists: true, ...product, variants: variants.map(newVariant) };
    }
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'ProductDetailsChanged':
      return { ...state, ...event.data };
    case 'ProductOptionsChanged':
      return { ...state, options: event.data.options };
    case 'VariantAdded':
      return { ...state, variants: [...state.variants, newVariant(event.data.variant)] };
    case 'VariantChanged':
      return updateVariant(state, event.data.variantId, (v) => ({ ...v, ...event.data.changes }));
    case 'VariantRemoved':
      return updateVariant(state, event.data.variantId, (v) => ({ ...v, removed: true }));
    case 'ProductLinkedToSquare':
      return { ...state, squareItemId: event.data.squareItemId };
    case 'ProductWithdrawnInSquare':
      return { ...state, withdrawnInSquare: event.data.reason };
    case 'ProductPublished': {
      const { draft: _draft, ...published } = state;
      return published;
    }
    case 'ProductDrafted':
      return { ...state, draft: true };
    case 'ProductRestoredInSquare': {
      const { withdrawnInSquare: _gone, ...restored } = state;
      return restored;
    }
    case 'VariantLinkedToSquare':
      return updateVariant(state, event.data.variantId, (v) => {
        const { squareVariationId: _previous, squareCount: _count, squareCountAt: _at, ...rest } = v;
        // A new link starts its own count history, and changes made before it are nobody's to push.
        const linked = { ...rest, unpushed: {} };
        return event.data.squareVariationId ? { ...linked, squareVariationId: event.data.squareVariationId } : linked;
      });
    case 'StockSet': {
      const { variantId, squareCount, squareCountAt, ...stock } = event.data;
      return updateVariant(state, variantId, (v) => ({ ...v, ...stock, ...(squareCountAt ? { squareCount, squareCountAt } : {}) }));
    }
    case 'StockPushedToSquare':
      return updateVariant(state, event.data.variantId, (v) => ({ ...v, unpushed: without(v.unpushed, event.data.change) }));
    case 'StockAdjusted': {
      const { variantId, change, quantity, ...stock } = event.data;
      return updateVariant(state, variantId, (v) => ({ ...v, ...stock, unpushed: { ...v.unpushed, [change]: quantity }, adjustments: (v.adjustments ?? 0) + 1 }));
    }
    case 'StockPushRefused':
      // Square will never take it: no longer waiting, and shown to the studio instead.
      return updateVariant(state, event.data.variantId, (v) => ({ ...v, unpushed: without(v.unpushed, event.data.change), alerts: { ...v.alerts, [event.data.change]: true } }));
    case 'RestockRefused':
      return updateVariant(state, event.data.variantId, (v) => ({
        ...v,
        restocked: { ...v.restocked, [event.data.refundId]: 0 },
        alerts: { ...v.alerts, [restockRefusedAlert(event.data.refundId)]: true },
      }));
    case 'StockAlertDismissed':
      return updateVariant(state, event.data.variantId, (v) => {
        const { [event.data.alert]: _gone, ...alerts } = v.alerts ?? {};
        return { ...v, alerts };
      });
    case 'StockReserved':
      return updateVariant(state, event.data.variantId, (v) => ({ ...v, reservations: { ...v.reservations, [event.data.orderId]: event.data.quantity } }));
    case 'StockReleased':
      return updateVariant(state, event.data.variantId, (v) => ({ ...v, reservations: without(v.reservations, event.data.orderId) }));
    case 'StockSold':
      return updateVariant(state, event.data.variantId, (v) => {
        const { square } = event.data;
        // An operator may have lowered the count below what was held: never below zero. A Square count already showed these units gone.
        const stockQuantity = square === 'counted' ? v.stockQuantity : Math.max(0, v.stockQuantity - event.data.quantity);
        // Square's count still holds these units until the push lands: remembered until it is acknowledged. A Square order moved the count itself.
        const unpushed = v.squareVariationId && !square ? { ...v.unpushed, [soldChange(event.data.orderId)]: -event.data.quantity } : v.unpushed;
        return { ...v, stockQuantity, inStock: v.inStock && stockQuantity > 0, reservations: without(v.reservations, event.data.orderId), unpushed };
      });
    case 'StockRestocked':
      return updateVariant(state, event.data.variantId, (v) => {
        const stockQuantity = v.stockQuantity + event.data.quantity;
        // Square's count lacks these units until the push lands, as it still holds a sale's.
        const unpushed = v.squareVariationId ? { ...v.unpushed, [restockChange(event.data.refundId)]: event.data.quantity } : v.unpushed;
        return { ...v, stockQuantity, inStock: inStockWith(v, stockQuantity), unpushed, restocked: { ...v.restocked, [event.data.refundId]: event.data.quantity } };
      });
  }
}

/** Folds a stored event, read as today's events (those from before variants are a product with one variant). */
export function evolve(state: ProductState, stored: ProductEvent): ProductState {
  const productId = state.exists ? state.productId : (stored.data as { productId: number }).productId;
  return upcastProductEvent(stored, productId).reduce(evolveCurrent, state);
}

export const apply = (state: ExistingProduct, events: ProductEvent[]) => events.reduce(evolveCurrent, state as ProductState) as ExistingProduct;

export function without(entries: Readonly<Record<string, number>>, key: string): Record<string, number> {
  const { [key]: _gone, ...rest } = entries;
  return rest;
}

import { conflict, invalid, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import {
  adjustedChange,
  variantIdOf,
  type ProductDetails,
  type ProductEvent,
  type ProductOption,
  type ProductStatus,
  type Stock,
  type VariantDefinition,
  type VariantDetails,
  type WithdrawalReason,
} from './product.events';
import { checkPrice, checkStock, checkVariants, lineName, MAX_STOCK, sellableAt, variantName } from './product-variants';
import { compareTimes, newerCount, onHandFromSquare, stockFromSquare } from './product-square-counts';
import { apply, availableStock, evolve, followerOf, inStockWith, liveVariants, squareFields, variantOf, type ExistingProduct, type ProductState, type VariantState } from './product.state';
import { assertAvailable } from './stock-rules';
import { restoredInSquare, withdrawnInSquare } from './product-square-withdrawal';

/**
 * The Product decider: the commands of the studio, the shoppers' checkouts, the refunds and Square,
 * each refused or turned into events. Its state and how events fold into it are in product.state.ts;
 * the arithmetic of Square's counts in product-square-counts.ts.
 */

/** Square's count of one variation, as a webhook or a sync read it. */
export interface SquareCountReading {
  squareVariationId: string;
  /** Square's decimal count as a number; below zero when more was sold than Square knew of. */
  quantity: number;
  /** Square's `calculated_at` (RFC 3339). */
  calculatedAt: string;
}

/** A variant as the studio gives it: `variantId` names one that exists (an edit), none adds one. */
export type VariantInput = { variantId?: string; stock?: Stock } & Omit<VariantDetails, 'name'>;

/** One of a Square item's variations, mapped: its own count (followed) or, when Square has none, the units to set. */
export type SquareVariationInput = { squareVariationId: string; count?: SquareCountReading; stock: Stock } & VariantDetails;

export type ProductCommand =
  /** `draft`: added unpublished (absent: active). */
  | ({ kind: 'AddProduct'; productId: number; options: ProductOption[]; variants: (VariantInput & { stock: Stock })[]; draft?: boolean } & ProductDetails)
  /** The studio publishes a draft (`active`) or takes a product back to draft. */
  | { kind: 'SetProductStatus'; productId: number; status: ProductStatus }
  /** The studio's edit: details, and (when `variants` is given) the options and variants as a whole. */
  | { kind: 'ChangeProductDetails'; productId: number; changes: Partial<ProductDetails>; options?: ProductOption[]; variants?: VariantInput[] }
  | ({ kind: 'SetStock'; productId: number; variantId?: string } & Stock)
  | { kind: 'ReserveStock'; productId: number; variantId: string; orderId: string; quantity: number }
  | { kind: 'ReleaseStock'; productId: number; orderId: string }
  /** `squareOrderPaidAt`: the sale was paid through a Square order at this time (Square's clock), which moved Square's count itself. */
  | { kind: 'SellStock'; productId: number; orderId: string; squareOrderPaidAt?: string }
  | { kind: 'RestockFromRefund'; productId: number; variantId: string; orderId: string; refundId: string; quantity: number }
  | {
      kind: 'ImportFromSquare';
      productId: number;
      squareItemId: string;
      /** `images` left out: the item has none in Square, and the product keeps the shop's. */
      details: Omit<ProductDetails, 'images'> & { images?: string[] };
      options: ProductOption[];
      variations: SquareVariationInput[];
    }
  /**
   * A write to Square made the item (or found it). `uncounted`: the variants whose variations Square
   * holds no count of (the ones the write created): their units are the shop's, and go to Square.
   */
  | { kind: 'LinkToSquare'; productId: number; squareItemId: string; variations: { variantId: string; squareVariationId: string }[]; uncounted?: string[] }
  | ({ kind: 'ApplySquareCount'; productId: number } & SquareCountReading)
  | { kind: 'RecordSquarePush'; productId: number; variantId: string; change: string; squareCount?: number; squareCountAt?: string }
  /** Square refused a stock change for good (its status, code and detail): recorded once, never asked again. */
  | { kind: 'RecordSquareRefusal'; productId: number; variantId: string; change: string; status: number; code: string; detail: string }
  /** The studio dealt with a stock alert (a refused push or restock, by its key). */
  | { kind: 'DismissStockAlert'; productId: number; variantId: string; alert: string }

  /** A sync read the product's Square item archived or deleted (or not at all, in a complete read). */
  | { kind: 'WithdrawInSquare'; productId: number; squareItemId: string; reason: WithdrawalReason }
  /** A sync read the item of a withdrawn product again, on sale. */
  | { kind: 'RestoreInSquare'; productId: number; squareItemId: string };

/**
 * How a sale paid through a Square order meets Square's count (of a variant that follows a
 * variation): Square took the units when the order was paid; a count read at or after that time
 * already shows them gone.
 */
function squareSale(variant: VariantState, paidAt: string | undefined): 'sold-in-order' | 'counted' | undefined {
  if (!paidAt || !variant.squareVariationId) return undefined;
  return variant.squareCountAt && compareTimes(variant.squareCountAt, paidAt) >= 0 ? 'counted' : 'sold-in-order';
}

function checkDetails(d: Partial<ProductDetails>): void {
  if (d.name !== undefined && d.name.trim() === '') throw invalid('A product needs a name.');
}

/** A variant as first recorded: its details and name from the options, its stock checked. */
function definition(variantId: string, options: readonly ProductOption[], input: VariantInput & { stock: Stock }): VariantDefinition {
  checkStock(input.stock);
  const { variantId: _given, stock, ...details } = input;
  return { variantId, ...details, name: variantName(options, input.options), ...stock };
}

/** The variant a stock command names, for a shopper's or the operator's request: unknown is 404 VARIANT_NOT_FOUND. */
function namedVariant(state: ExistingProduct, variantId: string): VariantState {
  const variant = variantOf(state, variantId);
  if (!variant) throw notFound(`${state.name} has no variant ${variantId}.`, 'VARIANT_NOT_FOUND', { productId: state.productId, variantId });
  return variant;
}

/** The variant of a command that may leave it out: only a product with one variant on sale may. */
function variantOrOnly(state: ExistingProduct, variantId: string | undefined): VariantState {
  if (variantId !== undefined) return namedVariant(state, variantId);
  const live = liveVariants(state);
  if (live.length !== 1) throw conflict(`${state.name} comes in ${live.map((v) => v.name).join(', ')}: name the variant.`, 'VARIANT_REQUIRED', { productId: state.productId });
  return live[0];
}

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: { exists: false },
  evolve,

  decide(command, state) {
    switch (command.kind) {
      case 'AddProduct': {
        if (state.exists) throw conflict(`Product ${command.productId} already exists.`);
        const { kind, variants, draft, ...product } = command;
        checkDetails(product);
        checkVariants(product.options, variants);
        const added = { ...product, variants: variants.map((v, i) => definition(variantIdOf(command.productId, i + 1), product.options, v)) };
        return [{ type: 'ProductAdded', data: draft ? { ...added, draft: true } : added }];
      }
      case 'SetProductStatus': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        // Only a change is recorded: publishing a product on sale (or drafting a draft) does nothing.
        if (command.status === 'active') return state.draft ? [{ type: 'ProductPublished', data: {} }] : [];
        return state.draft ? [] : [{ type: 'ProductDrafted', data: {} }];
      }
      case 'ChangeProductDetails': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        checkDetails(command.changes);
        const variants = command.variants ? variantsChanged(state, command.options ?? state.options, command.variants) : [];
        return [...detailsChanged(state, command.changes), ...variants];
      }
      case 'ImportFromSquare':
        return importFromSquare(state, command);
      case 'LinkToSquare': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        const events: ProductEvent[] = state.squareItemId === command.squareItemId ? [] : [{ type: 'ProductLinkedToSquare', data: { squareItemId: command.squareItemId } }];
        const uncounted = new Set(command.uncounted);
        for (const link of command.variations) {
          const variant = namedVariant(state, link.variantId);
          if (variant.squareVariationId === link.squareVariationId) continue;
          events.push({ type: 'VariantLinkedToSquare', data: link }, ...(uncounted.has(link.variantId) ? firstCount(variant) : []));
        }
        return events;
      }
      case 'WithdrawInSquare':
        return withdrawnInSquare(state, command.squareItemId, command.reason);
      case 'RestoreInSquare':
        return restoredInSquare(state, command.squareItemId);
      case 'ApplySquareCount': {
        // Counts of variations no variant follows (or of no product) change nothing.
        const variant = state.exists ? followerOf(state, command.squareVariationId) : undefined;
        return variant ? stockFromSquare(variant, command.quantity, command.calculatedAt) : [];
      }
      case 'RecordSquarePush': {
        const variant = state.exists ? variantOf(state, command.variantId) : undefined;
        // Acknowledged once: a retried push job finds nothing left to record.
        if (!state.exists || !variant || !(command.change in variant.unpushed)) return [];
        const pushed: ProductEvent = {
          type: 'StockPushedToSquare',
          data: { variantId: variant.variantId, change: command.change, quantity: variant.unpushed[command.change], ...squareFields(command) },
        };
        const after = variantOf(apply(state, [pushed]), variant.variantId)!;
        // Square's answer is a count like any other; when a newer one was applied already it held this
        // change too, so the units are worked out again from it without the change.
        if (command.squareCount !== undefined && command.squareCountAt && newerCount(after, command.squareCountAt)) {
          return [pushed, ...stockFromSquare(after, command.squareCount, command.squareCountAt)];
        }
        // Without a count in the answer nothing says the count applied holds the change (it may predate
        // the sale): working the units out again would give the sold units back, so they stay as they are.
        if (after.squareCount === undefined || command.squareCountAt === undefined) return [pushed];
        const stockQuantity = onHandFromSquare(after.squareCount, after.unpushed);
        if (stockQuantity === after.stockQuantity) return [pushed];
        return [pushed, { type: 'StockSet', data: { variantId: variant.variantId, inStock: inStockWith(after, stockQuantity), stockQuantity } }];
      }
      case 'RecordSquareRefusal': {
        const variant = state.exists ? variantOf(state, command.variantId) : undefined;
        // Once: a push the sweep and a job both tried is refused once.
        if (!variant || !(command.change in variant.unpushed)) return [];
        const { variantId, change, status, code, detail } = command;
        return [{ type: 'StockPushRefused', data: { variantId, change, quantity: variant.unpushed[change], status, code, detail } }];
      }
      case 'DismissStockAlert': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        const variant = namedVariant(state, command.variantId);
        // Dismissed once: a second click finds nothing left to dismiss.
        return variant.alerts?.[command.alert] ? [{ type: 'StockAlertDismissed', data: { variantId: variant.variantId, alert: command.alert } }] : [];
      }
      case 'SetStock': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        const variant = variantOrOnly(state, command.variantId);
        checkStock(command);
        return studioStock(variant, { inStock: command.inStock, stockQuantity: command.stockQuantity });
      }
      case 'ReserveStock': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        const variant = namedVariant(state, command.variantId);
        // A retried checkout asks again: what it already holds is its answer.
        if (command.orderId in variant.reservations) return [];
        const name = lineName(state.name, variant);
        // A $0.00 variant the studio did not choose to give away is not for sale, like a removed one,
        // and a product withdrawn in Square (or a draft) is not sold at all.
        const onSale = variant.inStock && !variant.removed && !state.withdrawnInSquare && !state.draft && sellableAt(variant.priceCents, state.allowZeroPrice);
        assertAvailable({ name, inStock: onSale, available: availableStock(variant), productId: state.productId }, command.quantity);
        return [{ type: 'StockReserved', data: { variantId: variant.variantId, orderId: command.orderId, quantity: command.quantity } }];
      }
      case 'ReleaseStock':
      case 'SellStock': {
        // Every variant the order holds; a repeat (a retried job, a reconciliation) finds nothing held and does nothing.
        if (!state.exists) return [];
        const type = command.kind === 'SellStock' ? 'StockSold' : 'StockReleased';
        return state.variants.flatMap((v) => {
          const quantity = v.reservations[command.orderId];
          if (quantity === undefined) return [];
          const square = command.kind === 'SellStock' ? squareSale(v, command.squareOrderPaidAt) : undefined;
          return [{ type, data: { variantId: v.variantId, orderId: command.orderId, quantity, ...(square ? { square } : {}) } }];
        });
      }
      case 'RestockFromRefund': {
        if (!state.exists) throw notFound(`Product ${command.productId} was not found.`);
        const variant = namedVariant(state, command.variantId);
        // Once per refund: a retried job finds the units back already.
        if (variant.restocked && command.refundId in variant.restocked) return [];
        if (!Number.isInteger(command.quantity) || command.quantity < 1) throw invalid('A restock needs a whole number of units.');
        // The refund stands, but its units do not land on a variant no longer sold: the studio is told instead.
        if (variant.removed) {
          return [
            { type: 'RestockRefused', data: { variantId: variant.variantId, orderId: command.orderId, refundId: command.refundId, quantity: command.quantity, reason: 'VARIANT_REMOVED' } },
          ];
        }
        const quantity = Math.min(command.quantity, MAX_STOCK - variant.stockQuantity);
        return quantity > 0 ? [{ type: 'StockRestocked', data: { variantId: variant.variantId, orderId: command.orderId, refundId: command.refundId, quantity } }] : [];
      }
    }
  },
};

/**
 * The studio's stock of a variant. On one that follows a Square variation's count, a change of the
 * units is Square's too (`StockAdjusted`, by the units it moves, pushed as an adjustment and
 * unpushed until Square answers), so the next count from Square holds it rather than undoing it.
 * The flag alone, and the stock of a variant Square does not count, stay the shop's (`StockSet`).
 */
function studioStock(variant: VariantState, stock: Stock): ProductEvent[] {
  const { variantId } = variant;
  const quantity = stock.stockQuantity - variant.stockQuantity;
  if (quantity !== 0 && variant.squareVariationId && !variant.removed) {
    return [{ type: 'StockAdjusted', data: { variantId, change: adjustedChange((variant.adjustments ?? 0) + 1), quantity, ...stock } }];
  }
  return stock.inStock === variant.inStock && quantity === 0 ? [] : [{ type: 'StockSet', data: { variantId, ...stock } }];
}

/**
 * A variant linked to a variation Square never counted: its units on hand at the link go to Square
 * as an adjustment (`StockAdjusted`, the stock unchanged), pushed and unpushed like any other, in
 * the link's own commit. Counted before the link, a change the studio made in between would be
 * undone by that count coming back, and a retried write could not tell its own count from the stall's.
 */
function firstCount(variant: VariantState): ProductEvent[] {
  if (variant.stockQuantity === 0) return [];
  const { variantId, inStock, stockQuantity } = variant;
  return [{ type: 'StockAdjusted', data: { variantId, change: adjustedChange((variant.adjustments ?? 0) + 1), quantity: stockQuantity, inStock, stockQuantity } }];
}

/**
 * The studio's options and variants, as the admin's form sends them: a variant with an id is
 * edited, one without is added (with the next number), one on sale that is not listed is removed.
 */
function variantsChanged(state: ExistingProduct, options: ProductOption[], inputs: VariantInput[]): ProductEvent[] {
  checkVariants(options, inputs);
  const events: ProductEvent[] = sameOptions(state.options, options) ? [] : [{ type: 'ProductOptionsChanged', data: { options } }];
  let next = state.variants.length;
  for (const input of inputs) {
    const { variantId, stock, ...details } = input;
    if (variantId === undefined) {
      events.push({ type: 'VariantAdded', data: { variant: definition(variantIdOf(state.productId, ++next), options, { ...input, stock: stock ?? { inStock: false, stockQuantity: 0 } }) } });
      continue;
    }
    const variant = namedVariant(state, variantId);
    if (variant.removed) throw invalid(`The variant ${variantId} was removed; add it again without an id.`);
    events.push(...variantDetailsChanged(variant, { ...details, name: variantName(options, details.options) }));
    if (stock) {
      checkStock(stock);
      events.push(...studioStock(variant, stock));
    }
  }
  const kept = new Set(inputs.map((v) => v.variantId));
  for (const variant of liveVariants(state)) if (!kept.has(variant.variantId)) events.push({ type: 'VariantRemoved', data: { variantId: variant.variantId } });
  return events;
}

/**
 * A Square item read by a sync. A new product gets one variant per variation. An existing one gets
 * only what changed: its details, options, the variations' names and prices, new variations as new
 * variants, variations gone from the item as variants removed from sale (never forgotten: past
 * orders name them). A followed variation's count goes through the same rule as a webhook's, so the
 * sync heals a missed delivery and never gives back units sold online.
 */
function importFromSquare(state: ProductState, command: Extract<ProductCommand, { kind: 'ImportFromSquare' }>): ProductEvent[] {
  checkDetails(command.details);
  command.variations.forEach((v) => (checkPrice(v.priceCents), checkStock(v.stock)));
  const fromSquare = (variantId: string, v: SquareVariationInput): VariantDefinition => {
    const { squareVariationId, count, stock, ...details } = v;
    const onHand = count ? onHandFromSquare(count.quantity, {}) : 0;
    const units = count ? { inStock: onHand > 0, stockQuantity: onHand } : stock;
    return { variantId, ...details, ...units, squareVariationId, ...(count ? { squareCount: count.quantity, squareCountAt: count.calculatedAt } : {}) };
  };
  if (!state.exists) {
    const { productId, squareItemId, details, options, variations } = command;
    return [
      {
        type: 'ProductImportedFromSquare',
        data: { productId, squareItemId, ...details, images: details.images ?? [], options, variants: variations.map((v, i) => fromSquare(variantIdOf(productId, i + 1), v)) },
      },
    ];
  }
  const events: ProductEvent[] = detailsChanged(state, command.details);
  if (state.squareItemId !== command.squareItemId) events.push({ type: 'ProductLinkedToSquare', data: { squareItemId: command.squareItemId } });
  if (!sameOptions(state.options, command.options)) events.push({ type: 'ProductOptionsChanged', data: { options: command.options } });
  const live = liveVariants(state);
  // A product the shop sold before it met the item (adopted by name, or imported with one variation) keeps its variant.
  const adoptable = command.variations.length === 1 && live.length === 1 && !command.variations.some((v) => followerOf(state, v.squareVariationId)) ? live[0] : undefined;
  // With several, each variation takes the variant of the same option values that follows none of the item's variations (a sized product adopted by name).
  const followed = new Set<string>();
  const inItem = new Set(command.variations.map((v) => v.squareVariationId));
  const unclaimed = live.filter((v) => !v.squareVariationId || !inItem.has(v.squareVariationId));
  const sameValues = (variation: SquareVariationInput) =>
    Object.keys(variation.options).length ? unclaimed.find((v) => !followed.has(v.variantId) && sameOptionValues(v.options, variation.options)) : undefined;
  let next = state.variants.length;
  for (const variation of command.variations) {
    let variant = followerOf(state, variation.squareVariationId) ?? adoptable ?? sameValues(variation);
    if (!variant) {
      events.push({ type: 'VariantAdded', data: { variant: fromSquare(variantIdOf(state.productId, ++next), variation) } });
      continue;
    }
    followed.add(variant.variantId);
    const { squareVariationId, count, stock: _units, ...details } = variation;
    if (variant.squareVariationId !== squareVariationId) {
      const link: ProductEvent = { type: 'VariantLinkedToSquare', data: { variantId: variant.variantId, squareVariationId } };
      events.push(link);
      variant = variantOf(apply(state, [link]), variant.variantId)!;
    }
    events.push(...variantDetailsChanged(variant, details));
    // A variation Square never counted leaves its variant's units alone: the shop has just created
    // it (written back from the admin) and its first count is on its way.
    if (count) events.push(...stockFromSquare(variant, count.quantity, count.calculatedAt));
  }
  for (const variant of live) if (!followed.has(variant.variantId)) events.push({ type: 'VariantRemoved', data: { variantId: variant.variantId } });
  return events;
}

const sameOptions = (a: readonly ProductOption[], b: readonly ProductOption[]) => JSON.stringify(a) === JSON.stringify(b);

/** The same choice of values ("Size: M"), as a person reads them: case and surrounding space aside. */
function sameOptionValues(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const norm = (values: Readonly<Record<string, string>>) =>
    JSON.stringify(
      Object.entries(values)
        .map(([k, v]) => [k.trim().toLowerCase(), v.trim().toLowerCase()])
        .sort(),
    );
  return norm(a) === norm(b);
}

/** Only what differs: a second sync or save with nothing new records nothing. */
function detailsChanged(state: ProductDetails, changes: Partial<ProductDetails>): ProductEvent[] {
  const changed = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => value !== undefined && JSON.stringify(state[key as keyof ProductDetails]) !== JSON.stringify(value)),
  ) as Partial<ProductDetails>;
  return Object.keys(changed).length ? [{ type: 'ProductDetailsChanged', data: changed }] : [];
}

function variantDetailsChanged(variant: VariantState, details: VariantDetails): ProductEvent[] {
  checkPrice(details.priceCents);
  const changes = Object.fromEntries(
    Object.entries(details).filter(([key, value]) => value !== undefined && JSON.stringify(variant[key as keyof VariantDetails]) !== JSON.stringify(value)),
  ) as Partial<VariantDetails>;
  return Object.keys(changes).length ? [{ type: 'VariantChanged', data: { variantId: variant.variantId, changes } }] : [];
}

import type { DomainEvent } from '../platform/event-store/recorded-event';
import type { CategorySlug } from './categories';
import { streamKind, numericId } from '../platform/event-store/stream';

/**
 * What a product is, beside its variants: `images` is the gallery in order (the first is its picture).
 * `allowZeroPrice`: the studio sells it at $0.00; without it (absent: no) its variants priced $0.00
 * are not listed or sold online (a Square variation left at $0.00 is not a gift). `sizeGuide`: the
 * studio's own words on how its sizes fit (absent: '', no guide), shown beside the size picker.
 */
export interface ProductDetails {
  name: string;
  description: string;
  category: CategorySlug;
  images: string[];
  allowZeroPrice?: boolean;
  sizeGuide?: string;
}

/** A choice a shopper makes (Size: S, M, L), in the order the studio gave. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** What a variant is: its name ("Black / M", '' for a product without options), option values, SKU, price and own picture. */
export interface VariantDetails {
  name: string;
  options: Record<string, string>;
  sku?: string;
  priceCents: number;
  /** The variant's own picture ('' or absent: the product's first). */
  imageUrl?: string;
}

export interface Stock {
  inStock: boolean;
  stockQuantity: number;
}

export interface SquareCount {
  squareCount?: number;
  squareCountAt?: string;
}

/** A variant as it comes to be: `variantId` is stable (`<productId>-<n>`); a Square item's variation names the one it follows. */
export type VariantDefinition = { variantId: string; squareVariationId?: string } & VariantDetails & Stock & SquareCount;

/** `draft`: the studio is still working on it (absent: active, as every product before drafts was). */
export type ProductAdded = DomainEvent<'ProductAdded', { productId: number; options: ProductOption[]; variants: VariantDefinition[]; draft?: true } & ProductDetails>;
export type ProductDetailsChanged = DomainEvent<'ProductDetailsChanged', Partial<ProductDetails>>;
export type ProductOptionsChanged = DomainEvent<'ProductOptionsChanged', { options: ProductOption[] }>;
export type VariantAdded = DomainEvent<'VariantAdded', { variant: VariantDefinition }>;
export type VariantChanged = DomainEvent<'VariantChanged', { variantId: string; changes: Partial<VariantDetails> }>;
/** The variant is no longer sold (removed by the studio, or deleted in Square); past carts and orders still name it. */
export type VariantRemoved = DomainEvent<'VariantRemoved', { variantId: string }>;

/**
 * A variant's units on hand (and the flag) were set: by the operator, by a catalogue sync, or from
 * Square's count (`squareCount`, possibly below zero when the stall oversold, and `squareCountAt`,
 * Square's `calculated_at`, which orders counts: an older one is never applied after a newer one).
 */
export type StockSet = DomainEvent<'StockSet', { variantId: string } & Stock & SquareCount>;

/** A checkout holds units of a variant while the card is charged, so the last one cannot be sold twice. */
export type StockReserved = DomainEvent<'StockReserved', { variantId: string; orderId: string; quantity: number }>;
/** The charge failed or the checkout was given up: the held units are available again. */
export type StockReleased = DomainEvent<'StockReleased', { variantId: string; orderId: string; quantity: number }>;
/** The order was paid: the held units leave the stock for good. */
/**
 * An online sale took the units the order held. `square`: the sale was paid through a Square order,
 * which moved Square's count itself, so the shop pushes nothing (`sold-in-order`); `counted`: a
 * Square count since the payment already showed the units gone, so the units on hand are not
 * lowered again. Absent: the shop pushes the sale to Square, as before orders.
 */
export type StockSold = DomainEvent<'StockSold', { variantId: string; orderId: string; quantity: number; square?: 'sold-in-order' | 'counted' }>;

/** A refund gave units of an order back to the variant's shelf (`refundId`: the order's refund request; once per refund). */
export type StockRestocked = DomainEvent<'StockRestocked', { variantId: string; orderId: string; refundId: string; quantity: number }>;

/** A product first brought over from the studio's Square catalogue (one variant per item variation); later syncs record only what changed. */
export type ProductImportedFromSquare = DomainEvent<
  'ProductImportedFromSquare',
  { productId: number; squareItemId: string; options: ProductOption[]; variants: VariantDefinition[] } & ProductDetails
>;

/** The Square item the product is (imported from it, adopted by name, or written to Square from the shop). */
export type ProductLinkedToSquare = DomainEvent<'ProductLinkedToSquare', { squareItemId: string }>;
/** Which Square item variation a variant's stock follows, or none: a new link starts its own count history. */
export type VariantLinkedToSquare = DomainEvent<'VariantLinkedToSquare', { variantId: string; squareVariationId: string | null }>;

/**
 * A stock change the shop made (an online sale, a refund's restock) reached Square's count of the
 * variant's variation: `change` names it (`sold:<orderId>`), `quantity` is what it moved (negative:
 * units left the shelf); `squareCount`/`squareCountAt` are Square's count right after, when Square answered one.
 */
export type StockPushedToSquare = DomainEvent<'StockPushedToSquare', { variantId: string; change: string; quantity: number } & SquareCount>;

/**
 * The studio changed the units on hand of a variant that follows Square's count (`quantity`: the
 * units it moved, `stockQuantity`/`inStock`: the variant after it). It reaches Square as an inventory
 * adjustment, and until Square's answer is recorded it is remembered as unpushed (`change`:
 * `adjusted:<n>`), as a sale is, so a count arriving meanwhile does not undo it.
 */
export type StockAdjusted = DomainEvent<'StockAdjusted', { variantId: string; change: string; quantity: number } & Stock>;

/**
 * Square refused a stock change for good (a 4xx other than 409 and 429: the variation deleted, a
 * request it will never take): `status`, `code` and `detail` are Square's. It is no longer unpushed
 * (asking again gets the same answer) and the stock alerts show it until the studio dismisses it.
 */
export type StockPushRefused = DomainEvent<'StockPushRefused', { variantId: string; change: string; quantity: number; status: number; code: string; detail: string }>;

/**
 * A refund's units were not put back on the shelf: the variant is no longer sold (`VariantRemoved`).
 * The refund itself stands; the stock alerts tell the studio which units to put away by hand.
 */
export type RestockRefused = DomainEvent<'RestockRefused', { variantId: string; orderId: string; refundId: string; quantity: number; reason: 'VARIANT_REMOVED' }>;

/** The studio read a stock alert (a refused push, a refused restock) and dealt with it: it is no longer shown. */
export type StockAlertDismissed = DomainEvent<'StockAlertDismissed', { variantId: string; alert: string }>;
/** Why a product's Square item no longer sells it: archived, deleted (`is_deleted`), or missing from a complete read of the catalogue. */
export type WithdrawalReason = 'archived' | 'deleted' | 'missing';

/**
 * The Square item the product is was archived or deleted in Square (a sync read it so): the product
 * is no longer listed nor sold online; past carts and orders still name it, and its stream stays.
 */
export type ProductWithdrawnInSquare = DomainEvent<'ProductWithdrawnInSquare', { squareItemId: string; reason: WithdrawalReason }>;
/** The item is in Square's catalogue again (un-archived): the product is listed and sold again. */
export type ProductRestoredInSquare = DomainEvent<'ProductRestoredInSquare', { squareItemId: string }>;

/**
 * A draft the studio published: it is listed, sold, and written to Square from now on (as a new
 * product is). A product set back to draft (`ProductDrafted`) is neither listed nor sold nor
 * written to Square until it is published again; carts holding it cannot check it out.
 */
export type ProductPublished = DomainEvent<'ProductPublished', Record<string, never>>;
export type ProductDrafted = DomainEvent<'ProductDrafted', Record<string, never>>;

/** Whether shoppers see a product: `draft` until the studio publishes it. */
export type ProductStatus = 'draft' | 'active';

export type ProductEvent =
  | ProductAdded
  | ProductPublished
  | ProductDrafted
  | ProductImportedFromSquare
  | ProductLinkedToSquare
  | ProductDetailsChanged
  | ProductOptionsChanged
  | VariantAdded
  | VariantChanged
  | VariantRemoved
  | VariantLinkedToSquare
  | StockSet
  | StockReserved
  | StockReleased
  | StockSold
  | StockRestocked
  | StockPushedToSquare
  | StockAdjusted
  | StockPushRefused
  | RestockRefused
  | StockAlertDismissed
  | ProductWithdrawnInSquare
  | ProductRestoredInSquare;

/** The key of a sale's stock change, as pushed to Square and acknowledged on the product stream. */
export const soldChange = (orderId: string) => `sold:${orderId}`;

/** The key of a refund's restock, as pushed to Square and acknowledged on the product stream. */
export const restockChange = (refundId: string) => `restocked:${refundId}`;

/** The key of the studio's n-th stock change of a variant (from 1), as pushed to Square and acknowledged on the product stream. */
export const adjustedChange = (n: number) => `adjusted:${n}`;

/** The key of a stock alert a refused restock raised (a refused push's is its change's key). */
export const restockRefusedAlert = (refundId: string) => `restock-refused:${refundId}`;

/** The id of a product's n-th variant (from 1); a product from before variants has `<productId>-1`. */
export const variantIdOf = (productId: number, n: number) => `${productId}-${n}`;

export const PRODUCT_STREAM_TYPE = 'Product';
export const productStream = streamKind(PRODUCT_STREAM_TYPE, 'product-', numericId);

/** The product id a product stream's id names (for handlers of product events in other modules). */
export const productIdOf = (streamId: string): number => productStream.idOf(streamId);

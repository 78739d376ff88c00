import { z } from 'zod';
import { moneyText as money } from '../platform/money';
import { CATEGORIES, CategorySlug } from './categories';

/** A choice a shopper makes (Size: S, M, L), in the studio's order. */
export const optionSchema = z.object({ name: z.string(), values: z.array(z.string()) }).meta({ id: 'ProductOption' });

/** One variant on sale: a product without options has exactly one, named ''. */
export const variantSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    options: z.record(z.string(), z.string()),
    sku: z.string().nullable(),
    price: money,
    compareAtPrice: money.optional().meta({ description: 'Its price as set, while an automatic sale prices it lower at `price` (absent otherwise)' }),
    inStock: z.boolean(),
    stockQuantity: z.int().meta({ description: 'Units that can be bought' }),
    imageUrl: z.string().meta({ description: "The variant's own picture, else the product's first" }),
  })
  .meta({ id: 'ProductVariant' });

/** The product as the storefront sees it (`GET /api/products`, `/api/products/{id}`). */
export const productSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    description: z.string(),
    sizeGuide: z.string().meta({ description: "The studio's words on how its sizes fit, plain text ('' for none)" }),
    /** The lowest price of its variants; `priceMax` the highest. */
    price: money,
    /** While an automatic sale prices it lower: the price as set of the variant that sells for `price` ("was $40, now $32"). */
    compareAtPrice: money.optional(),
    priceMax: money,
    /** The gallery's first picture ('' when it has none). */
    imageUrl: z.string(),
    images: z.array(z.string()).meta({ description: 'The gallery, in order' }),
    category: z.enum(CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]]),
    /** Any variant can be bought; `stockQuantity` is the sum of what can be bought. */
    inStock: z.boolean(),
    stockQuantity: z.int(),
    options: z.array(optionSchema),
    variants: z.array(variantSchema),
    /** Moves on with every change to the product: a later read names it (`?version=`) so no replica answers an older one. */
    version: z.int(),
  })
  .meta({ id: 'Product' });

export const categorySchema = z.object({ slug: productSchema.shape.category, label: z.string() }).meta({ id: 'Category' });

/** The product as the inventory shows it: the flag and units on hand as set, and what checkouts hold. */
export const adminVariantSchema = variantSchema
  .extend({
    inStock: z.boolean().meta({ description: 'The flag as set' }),
    stockQuantity: z.int().meta({ description: 'Units on hand' }),
    reservedQuantity: z.int(),
    imageUrl: z.string().meta({ description: "The variant's own picture ('' when it has none)" }),
    squareVariationId: z.string().nullable(),
    waiting: z.int().meta({ description: 'Addresses waiting for a back-in-stock email' }),
  })
  .meta({ id: 'AdminProductVariant' });

export const adminProductSchema = productSchema
  .extend({
    reservedQuantity: z.int(),
    squareItemId: z.string().nullable(),
    allowZeroPrice: z.boolean().meta({ description: 'The studio sells it at $0.00: without it, its $0.00 variants are not listed or sold online' }),
    status: z.enum(['draft', 'active']).meta({ description: 'draft: not listed, sold nor written to Square until the studio publishes it' }),
    variants: z.array(adminVariantSchema),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminProduct' });

/** A stored upload: its URL and one URL per width the storefront's `srcset` uses. */
export const storedImageSchema = z.object({ imageUrl: z.string(), sizes: z.object({ 400: z.string(), 800: z.string(), 1600: z.string() }) }).meta({ id: 'StoredImage' });

/**
 * `GET /api/admin/stock-alerts`: what the studio must look at about stock. `oversold-at-stall`: the
 * stall sold units an online checkout held (until a recount); `not-sent-to-square`: a stock change
 * Square has not heard of for STOCK_PUSH_ALERT_AFTER (until it gets there); `push-refused`: Square
 * refused a stock change for good; `restock-refused`: a refund's units not put back on a variant no
 * longer sold (these two until the studio dismisses them, by `alert`).
 */
export const stockAlertsSchema = z
  .object({
    alerts: z.array(
      z
        .object({
          kind: z.enum(['oversold-at-stall', 'not-sent-to-square', 'push-refused', 'restock-refused']),
          productId: z.int(),
          variantId: z.string(),
          name: z.string().meta({ description: 'The product and size ("Review Tee, S")' }),
          squareCount: z.int().nullable().meta({ description: "Square's count, below zero (oversold-at-stall only)" }),
          squareCountAt: z.iso.datetime().nullable(),
          since: z.iso.datetime().nullable().meta({ description: 'When the stock change was made, or refused (all but oversold-at-stall)' }),
          alert: z.string().nullable().meta({ description: 'The key to dismiss it with (push-refused and restock-refused only)' }),
          message: z.string(),
        })
        .meta({ id: 'StockAlert' }),
    ),
  })
  .meta({ id: 'StockAlerts' });

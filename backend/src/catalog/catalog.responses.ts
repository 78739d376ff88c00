import { z } from 'zod';
import { moneyText as money } from '../platform/money';
import { CATEGORIES, CategorySlug } from './categories';

/** The product as the storefront sees it (`GET /api/products`, `/api/products/{id}`). */
export const productSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    description: z.string(),
    price: money,
    imageUrl: z.string(),
    category: z.enum(CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]]),
    inStock: z.boolean(),
    stockQuantity: z.int(),
    /** Moves on with every change to the product: a later read names it (`?version=`) so no replica answers an older one. */
    version: z.int(),
  })
  .meta({ id: 'Product' });

export const categorySchema = z.object({ slug: productSchema.shape.category, label: z.string() }).meta({ id: 'Category' });

/** The product as the inventory shows it: the flag and units on hand as set, and what checkouts hold. */
export const adminProductSchema = productSchema.extend({ reservedQuantity: z.int(), updatedAt: z.iso.datetime() }).meta({ id: 'AdminProduct' });

/** A stored upload: its URL and one URL per width the storefront's `srcset` uses. */
export const storedImageSchema = z.object({ imageUrl: z.string(), sizes: z.object({ 400: z.string(), 800: z.string(), 1600: z.string() }) }).meta({ id: 'StoredImage' });

/** `GET /api/admin/stock-alerts`: products the stall oversold while an online checkout held the units. */
export const stockAlertsSchema = z
  .object({
    alerts: z.array(
      z
        .object({
          kind: z.literal('oversold-at-stall'),
          productId: z.int(),
          name: z.string(),
          squareCount: z.int().meta({ description: "Square's count, below zero" }),
          squareCountAt: z.iso.datetime().nullable(),
          message: z.string(),
        })
        .meta({ id: 'StockAlert' }),
    ),
  })
  .meta({ id: 'StockAlerts' });

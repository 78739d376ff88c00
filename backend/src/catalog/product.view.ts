import type { EntityManager } from '@mikro-orm/postgresql';
import { ProjectedRow, projectedTable } from '../platform/database/projected-row';
import { formatCents } from '../platform/money';
import type { z } from 'zod';
import type { adminProductSchema, productSchema } from './catalog.responses';
import type { CategorySlug } from './categories';
import type { ProductOption, ProductStatus } from './product.events';
import { sellableAt } from './product-variants';
import type { SaleBook } from './sale-prices';

/** A row of the products read table: the product and the sums over its variants on sale. */
export class ProductView extends ProjectedRow {
  id!: number;
  name!: string;
  description!: string;
  /** The lowest and highest price of its variants on sale. */
  priceCents!: number;
  priceMaxCents!: number;
  /** The gallery's first picture. */
  imageUrl!: string;
  images!: string[];
  options!: ProductOption[];
  category!: string;
  /** Any variant flagged in stock. */
  inStock!: boolean;
  /** Units on hand over its variants on sale. */
  stockQuantity!: number;
  /** Units held by checkouts whose payment is in progress. */
  reservedQuantity!: number;
  /** The Square catalogue item it was imported from or written to, if any. */
  squareItemId?: string | null;
  /** The studio sells it at $0.00: without it, its $0.00 variants are not listed. */
  allowZeroPrice!: boolean;
  /** The studio's words on how its sizes fit ('' for none). */
  sizeGuide!: string;
  /** Why it is not listed nor sold (its Square item archived, deleted or missing), or null. */
  withdrawnInSquare?: string | null;
  /** `draft`: the studio has not published it (not listed, sold nor in Square); `active` otherwise. */
  status!: ProductStatus;
}

export const ProductViewSchema = projectedTable(ProductView, 'products', {
  id: { type: 'integer', primary: true, autoincrement: false },
  name: { type: 'text' },
  description: { type: 'text' },
  priceCents: { type: 'integer' },
  priceMaxCents: { type: 'integer' },
  imageUrl: { type: 'text' },
  images: { type: 'json' },
  options: { type: 'json' },
  category: { type: 'text' },
  inStock: { type: 'boolean' },
  stockQuantity: { type: 'integer' },
  reservedQuantity: { type: 'integer', default: 0 },
  squareItemId: { type: 'text', nullable: true },
  allowZeroPrice: { type: 'boolean', default: false },
  sizeGuide: { type: 'text', default: '' },
  withdrawnInSquare: { type: 'text', nullable: true },
  status: { type: 'text', default: 'active' },
});

/** A row of the product_variants read table. */
export interface VariantRow {
  id: string;
  productId: number;
  name: string;
  options: Record<string, string>;
  sku: string | null;
  priceCents: number;
  imageUrl: string;
  inStock: boolean;
  stockQuantity: number;
  reservedQuantity: number;
  removed: boolean;
  squareVariationId: string | null;
  squareCount: number | null;
  squareCountAt: string | null;
}

const VARIANT_JSON = `json_build_object('id', v.id, 'productId', v.product_id, 'name', v.name, 'options', v.options, 'sku', v.sku, 'priceCents', v.price_cents,
  'imageUrl', v.image_url, 'inStock', v.in_stock, 'stockQuantity', v.stock_quantity, 'reservedQuantity', v.reserved_quantity, 'removed', v.removed,
  'squareVariationId', v.square_variation_id, 'squareCount', v.square_count, 'squareCountAt', v.square_count_at) order by v.position`;

/** A product with its variants (removed ones too), read in one statement so the two agree. */
export interface ProductWithVariants {
  product: ProductView;
  variants: VariantRow[];
}

/**
 * The products (all, or the one `id` names), each with its variants in order, by id (`newestFirst`
 * for the inventory). One plain statement: no entity, so no EntityManager of its own is needed.
 */
export async function readProducts(em: Pick<EntityManager, 'getConnection'>, options: { id?: number; newestFirst?: boolean } = {}): Promise<ProductWithVariants[]> {
  const rows = await em.getConnection().execute<(Omit<ProductView, 'updatedAt'> & { updatedAt: string | Date; variants: VariantRow[] | null })[]>(
    `select p.id, p.name, p.description, p.price_cents as "priceCents", p.price_max_cents as "priceMaxCents", p.image_url as "imageUrl", p.images, p.options,
            p.category, p.in_stock as "inStock", p.stock_quantity as "stockQuantity", p.reserved_quantity as "reservedQuantity",
            p.square_item_id as "squareItemId", p.allow_zero_price as "allowZeroPrice", p.size_guide as "sizeGuide", p.withdrawn_in_square as "withdrawnInSquare", p.status, p.version, p.updated_at as "updatedAt",
            (select json_agg(${VARIANT_JSON}) from product_variants v where v.product_id = p.id) as variants
       from products p ${options.id === undefined ? '' : 'where p.id = ?'} order by p.id ${options.newestFirst ? 'desc' : 'asc'}`,
    options.id === undefined ? [] : [options.id],
  );
  return rows.map(({ variants, updatedAt, ...product }) => ({ product: Object.assign(new ProductView(), product, { updatedAt: new Date(updatedAt) }), variants: variants ?? [] }));
}

/** The product as the API shows it. */
export type ProductDto = z.infer<typeof productSchema>;

/** What shoppers may still buy of a variant: units on hand that no checkout holds, none when flagged sold out. */
export const availableQuantity = (v: Pick<VariantRow, 'stockQuantity' | 'reservedQuantity'>) => Math.max(0, v.stockQuantity - (v.reservedQuantity ?? 0));
export const buyableQuantity = (v: Pick<VariantRow, 'inStock' | 'stockQuantity' | 'reservedQuantity'>) => (v.inStock ? availableQuantity(v) : 0);

/** The variants shoppers see: on sale, and at $0.00 only on a product the studio marked so. */
const listedVariants = (p: Pick<ProductView, 'allowZeroPrice'>, variants: readonly VariantRow[]) => variants.filter((v) => !v.removed && sellableAt(v.priceCents, p.allowZeroPrice));

/** The storefront lists the product: it has a variant to show, or none on sale at all (as before variants could be unlisted). */
export const isListed = (p: Pick<ProductView, 'allowZeroPrice'>, variants: readonly VariantRow[]) => listedVariants(p, variants).length > 0 || variants.every((v) => v.removed);

/**
 * The product as shoppers see it; `sales` prices it during the automatic sales on now: a variant's
 * `price` is then what it sells for and `compareAtPrice` its price as set ("was $40, now $32").
 */
export function toProductDto(p: ProductView, allVariants: readonly VariantRow[], sales?: SaleBook): ProductDto {
  const variants = listedVariants(p, allVariants);
  const stockQuantity = variants.reduce((sum, v) => sum + buyableQuantity(v), 0);
  const saleOf = (priceCents: number) => (sales ? sales.priceOf({ productId: p.id, category: p.category }, priceCents) : priceCents);
  // The row's prices span every variant on sale, unlisted ones too.
  const prices = variants.map((v) => saleOf(v.priceCents));
  const lowest = prices.length ? Math.min(...prices) : saleOf(p.priceCents);
  // Was: the price as set of the variant that sells for the lowest.
  const lowestWas = prices.length ? variants[prices.indexOf(lowest)]!.priceCents : p.priceCents;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    sizeGuide: p.sizeGuide ?? '',
    price: formatCents(lowest),
    ...(lowest < lowestWas ? { compareAtPrice: formatCents(lowestWas) } : {}),
    priceMax: formatCents(prices.length ? Math.max(...prices) : saleOf(p.priceMaxCents)),
    imageUrl: p.imageUrl,
    images: p.images,
    // Products are written only with a slug of the vocabulary (`categories.ts`).
    category: p.category as CategorySlug,
    inStock: stockQuantity > 0,
    stockQuantity,
    options: p.options,
    variants: variants.map((v) => ({
      id: v.id,
      name: v.name,
      options: v.options,
      sku: v.sku,
      price: formatCents(saleOf(v.priceCents)),
      ...(saleOf(v.priceCents) < v.priceCents ? { compareAtPrice: formatCents(v.priceCents) } : {}),
      inStock: buyableQuantity(v) > 0,
      stockQuantity: buyableQuantity(v),
      imageUrl: v.imageUrl || p.imageUrl,
    })),
    version: p.version,
  };
}

/** The product as the inventory shows it: the flag and the units on hand as set, and what checkouts hold, per variant. */
export function toAdminProductDto(p: ProductView, allVariants: readonly VariantRow[], waiting: ReadonlyMap<string, number> = new Map()): AdminProductDto {
  const variants = allVariants.filter((v) => !v.removed);
  return {
    ...toProductDto(p, allVariants),
    // The studio sees every variant on sale, listed online or not.
    price: formatCents(p.priceCents),
    priceMax: formatCents(p.priceMaxCents),
    inStock: p.inStock,
    stockQuantity: p.stockQuantity,
    reservedQuantity: p.reservedQuantity ?? 0,
    squareItemId: p.squareItemId ?? null,
    allowZeroPrice: p.allowZeroPrice === true,
    status: p.status,
    variants: variants.map((v) => ({
      id: v.id,
      name: v.name,
      options: v.options,
      sku: v.sku,
      price: formatCents(v.priceCents),
      inStock: v.inStock,
      stockQuantity: v.stockQuantity,
      reservedQuantity: v.reservedQuantity,
      imageUrl: v.imageUrl,
      squareVariationId: v.squareVariationId,
      waiting: waiting.get(v.id) ?? 0,
    })),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export type AdminProductDto = z.infer<typeof adminProductSchema>;

import { ProjectedRow, projectedTable } from '../platform/database/projected-row';
import { formatCents } from '../platform/money';
import type { z } from 'zod';
import type { adminProductSchema, productSchema } from './catalog.responses';
import type { CategorySlug } from './categories';

/** A row of the products read table. */
export class ProductView extends ProjectedRow {
  id!: number;
  name!: string;
  description!: string;
  priceCents!: number;
  imageUrl!: string;
  category!: string;
  inStock!: boolean;
  stockQuantity!: number;
  /** Units held by checkouts whose payment is in progress. */
  reservedQuantity!: number;
  /** The Square catalogue item it was imported from, if any. */
  squareItemId?: string | null;
  /** The Square variation whose count the stock follows, if any. */
  squareVariationId?: string | null;
  /** Square's last count of it (below zero: oversold at the stall) and its time. */
  squareCount?: number | null;
  squareCountAt?: string | null;
}

export const ProductViewSchema = projectedTable(ProductView, 'products', {
  id: { type: 'integer', primary: true, autoincrement: false },
  name: { type: 'text' },
  description: { type: 'text' },
  priceCents: { type: 'integer' },
  imageUrl: { type: 'text' },
  category: { type: 'text' },
  inStock: { type: 'boolean' },
  stockQuantity: { type: 'integer' },
  reservedQuantity: { type: 'integer', default: 0 },
  squareItemId: { type: 'text', nullable: true },
  squareVariationId: { type: 'text', nullable: true },
  squareCount: { type: 'integer', nullable: true },
  squareCountAt: { type: 'text', nullable: true },
});

/** The product as the API shows it. */
export type ProductDto = z.infer<typeof productSchema>;

/** What shoppers may still buy: units on hand that no checkout holds. */
export const availableQuantity = (p: Pick<ProductView, 'stockQuantity' | 'reservedQuantity'>) => Math.max(0, p.stockQuantity - (p.reservedQuantity ?? 0));

export function toProductDto(p: ProductView): ProductDto {
  const available = availableQuantity(p);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: formatCents(p.priceCents),
    imageUrl: p.imageUrl,
    // Products are written only with a slug of the vocabulary (`categories.ts`).
    category: p.category as CategorySlug,
    inStock: p.inStock && available > 0,
    stockQuantity: available,
    version: p.version,
  };
}

/** The product as the inventory shows it: the flag and the units on hand as set, and what checkouts hold. */
export function toAdminProductDto(p: ProductView): AdminProductDto {
  return {
    ...toProductDto(p),
    inStock: p.inStock,
    stockQuantity: p.stockQuantity,
    reservedQuantity: p.reservedQuantity ?? 0,
    updatedAt: p.updatedAt.toISOString(),
  };
}

export type AdminProductDto = z.infer<typeof adminProductSchema>;

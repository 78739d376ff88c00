import type { Square } from 'square';
import { normalizeCategory, type ProductDetails, type SquareCountReading, type Stock } from '../../catalog';

export interface MappedItem {
  squareItemId: string;
  details: ProductDetails;
  stock: Stock;
  /** An item with one variation: that variation's count, which the product's stock then follows. */
  squareCount?: SquareCountReading;
}

/** What one sync read from Square: items (with their variations), images, categories and counts. */
export interface SquareCatalogue {
  items: Square.CatalogObject.Item[];
  images: Map<string, string>;
  categories: Map<string, string>;
  /** IN_STOCK quantity by variation id, at the shop's location. */
  counts: Map<string, number>;
  /** The same counts as Square states them (possibly below zero) with their `calculated_at`. */
  readings?: Map<string, { quantity: number; calculatedAt: string }>;
}

/**
 * One Square item as a shop product: the price of its first variation, the stock summed over its
 * variations, its category by name onto the shop's vocabulary (unknown names become other), its
 * first image. Deleted and archived items, and items without a priced variation, are left out.
 */
export function mapSquareItem(item: Square.CatalogObject.Item, catalogue: SquareCatalogue): MappedItem | undefined {
  const data = item.itemData;
  if (!data || !item.id || item.isDeleted || data.isArchived || !data.name?.trim()) return undefined;
  const variations = (data.variations ?? []).filter((v): v is Square.CatalogObject.ItemVariation => v.type === 'ITEM_VARIATION' && !v.isDeleted);
  const price = variations[0]?.itemVariationData?.priceMoney?.amount;
  if (price === undefined || price === null) return undefined;
  const categoryId = data.categories?.[0]?.id ?? data.categoryId ?? undefined;
  const categoryName = categoryId ? catalogue.categories.get(categoryId) : undefined;
  const imageId = data.imageIds?.[0];
  const stockQuantity = variations.reduce((sum, v) => sum + ((v.id && catalogue.counts.get(v.id)) || 0), 0);
  return {
    squareItemId: item.id,
    details: {
      name: data.name.trim().slice(0, 120),
      description: (data.descriptionPlaintext ?? data.description ?? '').trim().slice(0, 5000),
      priceCents: Number(price),
      imageUrl: (imageId && catalogue.images.get(imageId)) || '',
      category: (categoryName && normalizeCategory(categoryName)) || 'other',
    },
    stock: { inStock: stockQuantity > 0, stockQuantity },
    ...followedCount(variations, catalogue),
  };
}

/** Square counts are decimal strings ("3", "2.5"); the shop keeps whole units on hand. */
export const wholeUnits = (quantity: string | null | undefined) => Math.max(0, Math.floor(Number(quantity ?? 0) || 0));

/**
 * The stock of an item with exactly one variation follows that variation's count (pushed on online
 * sales, pulled from webhooks); an item with several is imported with their sum and not followed.
 * An item whose variation has no count yet is followed from 0.
 */
function followedCount(variations: Square.CatalogObject.ItemVariation[], catalogue: SquareCatalogue): { squareCount?: SquareCountReading } {
  const only = variations.length === 1 ? variations[0] : undefined;
  if (!only?.id || !catalogue.readings) return {};
  const reading = catalogue.readings.get(only.id) ?? { quantity: 0, calculatedAt: '1970-01-01T00:00:00.000Z' };
  return { squareCount: { squareVariationId: only.id, ...reading } };
}

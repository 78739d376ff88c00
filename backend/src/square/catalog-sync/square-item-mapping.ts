import type { Square } from 'square';
import { normalizeCategory, type ProductDetails, type Stock } from '../../catalog';

export interface MappedItem {
  squareItemId: string;
  details: ProductDetails;
  stock: Stock;
}

/** What one sync read from Square: items (with their variations), images, categories and counts. */
export interface SquareCatalogue {
  items: Square.CatalogObject.Item[];
  images: Map<string, string>;
  categories: Map<string, string>;
  /** IN_STOCK quantity by variation id, at the shop's location. */
  counts: Map<string, number>;
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
  };
}

/** Square counts are decimal strings ("3", "2.5"); the shop keeps whole units on hand. */
export const wholeUnits = (quantity: string | null | undefined) => Math.max(0, Math.floor(Number(quantity ?? 0) || 0));

import type { Square } from 'square';
import { normalizeCategory, type ProductDetails, type ProductOption, type SquareVariationInput } from '../../catalog/rules';

export interface MappedItem {
  squareItemId: string;
  /** `images` left out when the item has none in Square: the product keeps the shop's. */
  details: Omit<ProductDetails, 'images'> & { images?: string[] };
  options: ProductOption[];
  /** One per priced variation, in Square's order, each with its own count (followed). */
  variations: SquareVariationInput[];
  /** The Square pictures `details.images` and the variations' `imageUrl` name (as Square's URLs), each once: what the shop copies. */
  pictures: SquarePicture[];
}

/** A Square `IMAGE` as one sync read it: its id and its file's address. */
export interface SquarePicture {
  squareImageId: string;
  url: string;
}

/** An item option as one sync read it: its name and its values' names by id, in Square's order. */
export interface SquareItemOption {
  name: string;
  values: Map<string, string>;
}

/** What one sync read from Square: items (with their variations), item options, images, categories and counts. */
export interface SquareCatalogue {
  items: Square.CatalogObject.Item[];
  images: Map<string, string>;
  categories: Map<string, string>;
  /** By ITEM_OPTION id (absent in catalogues read before options were). */
  itemOptions?: Map<string, SquareItemOption>;
  /** IN_STOCK quantity by variation id, at the shop's location. */
  counts: Map<string, number>;
  /** The same counts as Square states them (possibly below zero) with their `calculated_at`. */
  readings?: Map<string, { quantity: number; calculatedAt: string }>;
  /** Every page was read without an error: only then does an item missing from `items` mean it is gone from Square. */
  complete?: boolean;
}

/** The option the shop names when an item has several variations but no item options: the variations' own names are its values. */
export const UNNAMED_OPTION = 'Option';

/**
 * One Square item as a shop product: one variant per priced variation (its name, price, SKU, own
 * picture and count), the item's options when it has them, its category by name onto the shop's
 * vocabulary (unknown names become other), the item's pictures and then the variations' in order. Deleted and archived items, and
 * items without a priced variation, are left out.
 */
export function mapSquareItem(item: Square.CatalogObject.Item, catalogue: SquareCatalogue): MappedItem | undefined {
  const data = item.itemData;
  if (!data || !item.id || item.isDeleted || data.isArchived || !data.name?.trim()) return undefined;
  const variations = (data.variations ?? []).filter(
    (v): v is Square.CatalogObject.ItemVariation => v.type === 'ITEM_VARIATION' && !v.isDeleted && !!v.id && v.itemVariationData?.priceMoney?.amount != null,
  );
  if (variations.length === 0) return undefined;
  const categoryId = data.categories?.[0]?.id ?? data.categoryId ?? undefined;
  const categoryName = categoryId ? catalogue.categories.get(categoryId) : undefined;
  const picture = (id: string) => catalogue.images.get(id) ?? [];
  // The gallery: the item's pictures, then each variation's own, in order, each once.
  const imageIds = [...new Set([...(data.imageIds ?? []), ...variations.flatMap((v) => v.itemVariationData?.imageIds ?? [])])];
  const images = [...new Set(imageIds.flatMap(picture))];
  const { options, valuesOf } = optionsOf(data, variations, catalogue);
  return {
    squareItemId: item.id,
    details: {
      name: data.name.trim().slice(0, 120),
      description: (data.descriptionPlaintext ?? data.description ?? '').trim().slice(0, 5000),
      category: (categoryName && normalizeCategory(categoryName)) || 'other',
      ...(images.length ? { images } : {}),
    },
    options,
    variations: variations.map((v, i) => {
      const variation = v.itemVariationData!;
      const values = valuesOf(v, i);
      const stockQuantity = catalogue.counts.get(v.id!) ?? 0;
      const ownPicture = (variation.imageIds ?? []).flatMap(picture)[0];
      return {
        squareVariationId: v.id!,
        name: options.length ? options.map((o) => values[o.name]).join(' / ') : '',
        options: values,
        ...(variation.sku?.trim() ? { sku: variation.sku.trim().slice(0, 64) } : {}),
        priceCents: Number(variation.priceMoney!.amount),
        ...(ownPicture ? { imageUrl: ownPicture } : {}),
        stock: { inStock: stockQuantity > 0, stockQuantity },
        ...followedCount(v.id!, catalogue),
      };
    }),
    pictures: imageIds.flatMap((squareImageId) => {
      const url = catalogue.images.get(squareImageId);
      return url ? [{ squareImageId, url }] : [];
    }),
  };
}

/**
 * The item's options: Square's item options when every variation names a value of each; else, for
 * an item with several variations, one option whose values are the variations' names; none for an
 * item with one variation (a product without options).
 */
function optionsOf(
  data: Square.CatalogItem,
  variations: Square.CatalogObject.ItemVariation[],
  catalogue: SquareCatalogue,
): { options: ProductOption[]; valuesOf: (v: Square.CatalogObject.ItemVariation, index: number) => Record<string, string> } {
  const squareOptions = (data.itemOptions ?? []).flatMap((o) => {
    const option = o.itemOptionId ? catalogue.itemOptions?.get(o.itemOptionId) : undefined;
    return option ? [{ id: o.itemOptionId!, ...option }] : [];
  });
  const named = (v: Square.CatalogObject.ItemVariation) =>
    Object.fromEntries(
      squareOptions.flatMap((o) => {
        const chosen = v.itemVariationData?.itemOptionValues?.find((ov) => ov.itemOptionId === o.id)?.itemOptionValueId;
        const value = chosen ? o.values.get(chosen) : undefined;
        return value ? [[o.name, value]] : [];
      }),
    );
  if (squareOptions.length && variations.every((v) => Object.keys(named(v)).length === squareOptions.length)) {
    const used = variations.map(named);
    const options = squareOptions.map((o) => ({ name: o.name, values: [...o.values.values()].filter((value) => used.some((u) => u[o.name] === value)) }));
    return { options, valuesOf: (_v, i) => used[i] };
  }
  if (variations.length === 1) return { options: [], valuesOf: () => ({}) };
  // Variation names need not be distinct in Square; an option's values must be.
  const names = variations.map((v, i) => v.itemVariationData?.name?.trim() || `#${i + 1}`);
  const values = names.map((name, i) => (names.indexOf(name) === i ? name : `${name} (${i + 1})`));
  return { options: [{ name: UNNAMED_OPTION, values }], valuesOf: (_v, i) => ({ [UNNAMED_OPTION]: values[i] }) };
}

/** Square counts are decimal strings ("3", "2.5"); the shop keeps whole units on hand. */
export const wholeUnits = (quantity: string | null | undefined) => Math.max(0, Math.floor(Number(quantity ?? 0) || 0));

/**
 * Every variation's stock follows its own count. One Square never counted has none: a new variant
 * from it starts with no units, and a variant that already follows it keeps its units (a variation
 * the shop has just created, whose first count is on its way).
 */
function followedCount(variationId: string, catalogue: SquareCatalogue): { count?: SquareVariationInput['count'] } {
  const reading = catalogue.readings?.get(variationId);
  return reading ? { count: { squareVariationId: variationId, ...reading } } : {};
}

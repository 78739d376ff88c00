import type { Square } from 'square';
import { CATEGORIES, normalizeCategory, type CategorySlug, type ProductOption } from '../../catalog/rules';

/** A variant as the shop writes it to Square: `squareVariationId` when it follows one already. */
export interface VariantToWrite {
  variantId: string;
  options: Record<string, string>;
  sku?: string;
  priceCents: number;
  squareVariationId?: string;
}

/** A product as the shop writes it to Square: its variants on sale, and the variations of its removed ones. */
export interface ProductToWrite {
  name: string;
  description: string;
  category: CategorySlug;
  options: ProductOption[];
  variants: VariantToWrite[];
  /** Variations followed by variants the studio removed: left out of the item, so Square deletes them. */
  droppedVariationIds: string[];
}

/** What Square holds now, read just before writing. */
export interface SquareSide {
  /** The item the product is (absent: it is created). */
  item?: Square.CatalogObject.Item;
  /** Every item option of the catalogue: a product's Size reuses the seller's Size. */
  itemOptions: Square.CatalogObject.ItemOption[];
  categories: Square.CatalogObject.Category[];
  currency: Square.Currency;
}

export interface ItemWrite {
  /** The objects of one batch-upsert: new or grown item options, a new category, the item with its variations. */
  objects: Square.CatalogObject[];
  /** The temporary id of each variation the upsert creates, by variant id. */
  created: Map<string, string>;
  /** Variants that take a variation Square already has and no variant follows (same option values): a retried write adds none twice. */
  adopted: Map<string, string>;
  /** Square already holds all of it: nothing to write. */
  upToDate: boolean;
}

export const NEW_ITEM_ID = '#item';
const same = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();
const itemVariations = (item: Square.CatalogObject.Item | undefined) =>
  (item?.itemData?.variations ?? []).filter((v): v is Square.CatalogObject.ItemVariation => v.type === 'ITEM_VARIATION' && !!v.id);

/**
 * The catalogue objects that make Square's item what the shop's product is: name, description,
 * category (by name; created when Square has none of that name), item options (the seller's own
 * of the same name, grown by the values it lacks, else new), and one FIXED_PRICING variation per
 * variant naming its option values (Square's name for it: the values joined by a comma). Existing
 * objects are sent at the `version` Square gave them. Square's other item fields (pictures, taxes)
 * stay as they are, and so do variations no variant follows (added in Square), except those of
 * removed variants, which are left out: Square deletes a variation an item no longer lists (it has no
 * archive for a single variation). A variant whose variation was deleted in Square gets a new one.
 */
export function squareItemWrite(product: ProductToWrite, square: SquareSide): ItemWrite {
  const objects: Square.CatalogObject[] = [];
  const options = product.options.map((option, i) => optionFor(option, i, square, objects));
  const categories = categoriesFor(product.category, square, objects);

  const current = itemVariations(square.item);
  const followed = new Set(product.variants.flatMap((v) => (v.squareVariationId ? [v.squareVariationId] : [])));
  const dropped = new Set(product.droppedVariationIds);
  const valueName = (v: Square.CatalogObject.ItemVariation, i: number) => {
    const chosen = v.itemVariationData?.itemOptionValues?.find((c) => c.itemOptionId === options[i].id)?.itemOptionValueId;
    return [...options[i].values].find(([, id]) => id === chosen)?.[0];
  };
  const valuesKey = (values: (string | undefined)[]) => values.map((v) => v?.trim().toLowerCase()).join('\u0000');
  const unfollowed = current.filter((v) => !followed.has(v.id!) && !dropped.has(v.id!));
  const created = new Map<string, string>();
  const adopted = new Map<string, string>();

  const variations: Square.CatalogObject[] = [];
  for (const variant of product.variants) {
    // One deleted in Square since is made again: the studio's products are the shop's to describe.
    let existing = variant.squareVariationId ? current.find((v) => v.id === variant.squareVariationId) : undefined;
    if (!existing && options.length) {
      const wanted = valuesKey(product.options.map((o) => variant.options[o.name]));
      existing = unfollowed.find((v) => valuesKey(options.map((_o, i) => valueName(v, i))) === wanted);
      if (existing) {
        unfollowed.splice(unfollowed.indexOf(existing), 1);
        adopted.set(variant.variantId, existing.id!);
      }
    }
    const id = existing?.id ?? `#variant-${variant.variantId}`;
    if (!existing) created.set(variant.variantId, id);
    const { itemOptionValues: _values, sku: _sku, ...kept } = existing?.itemVariationData ?? {};
    variations.push({
      type: 'ITEM_VARIATION',
      id,
      ...(existing ? { version: existing.version } : {}),
      presentAtAllLocations: existing?.presentAtAllLocations ?? true,
      itemVariationData: {
        ...kept,
        name: product.options.map((o) => variant.options[o.name]).join(', ') || kept.name || 'Regular',
        ...(variant.sku ? { sku: variant.sku } : {}),
        pricingType: 'FIXED_PRICING',
        priceMoney: { amount: BigInt(variant.priceCents), currency: square.currency },
        trackInventory: true,
        ...(options.length
          ? { itemOptionValues: product.options.map((o, i) => ({ itemOptionId: options[i].id, itemOptionValueId: options[i].values.get(key(variant.options[o.name]))! })) }
          : {}),
      },
    });
  }
  variations.push(...unfollowed);

  const { description: _d, descriptionHtml: _h, descriptionPlaintext: _p, variations: before, itemOptions: _o, categories: _c, ...keptItem } = square.item?.itemData ?? {};
  const item: Square.CatalogObject.Item = {
    type: 'ITEM',
    id: square.item?.id ?? NEW_ITEM_ID,
    ...(square.item ? { version: square.item.version } : {}),
    presentAtAllLocations: square.item?.presentAtAllLocations ?? true,
    itemData: {
      productType: 'REGULAR',
      ...keptItem,
      name: product.name,
      description: product.description,
      ...(categories.length ? { categories } : {}),
      ...(options.length ? { itemOptions: options.map((o) => ({ itemOptionId: o.id })) } : {}),
      variations,
    },
  };
  const upToDate =
    !!square.item &&
    objects.length === 0 &&
    created.size === 0 &&
    adopted.size === 0 &&
    fingerprint(item) === fingerprint({ ...square.item, itemData: { ...square.item.itemData, variations: before } });
  return { objects: [...objects, item], created, adopted, upToDate };
}

const key = (value: string | undefined) => (value ?? '').trim().toLowerCase();

/** The item option named like `option`: the item's own, else the seller's, grown by the values it lacks; else a new one. */
function optionFor(option: ProductOption, i: number, square: SquareSide, objects: Square.CatalogObject[]): { id: string; values: Map<string, string> } {
  const used = new Set((square.item?.itemData?.itemOptions ?? []).map((o) => o.itemOptionId));
  const named = (o: Square.CatalogObject.ItemOption) => same(o.itemOptionData?.name, option.name);
  const existing = square.itemOptions.find((o) => used.has(o.id!) && named(o)) ?? square.itemOptions.find(named);
  const have = (existing?.itemOptionData?.values ?? []).filter((v): v is Square.CatalogObject.ItemOptionVal => v.type === 'ITEM_OPTION_VAL' && !!v.id);
  const values = new Map(have.map((v) => [key(v.itemOptionValueData?.name ?? ''), v.id!]));
  const id = existing?.id ?? `#option-${i}`;
  const missing = option.values.filter((value) => !values.has(key(value)));
  const added = missing.map((name, j): Square.CatalogObject.ItemOptionVal => {
    const valueId = `#option-${i}-value-${j}`;
    values.set(key(name), valueId);
    return { type: 'ITEM_OPTION_VAL', id: valueId, itemOptionValueData: { itemOptionId: id, name, ordinal: have.length + j } };
  });
  if (existing && !added.length) return { id, values };
  objects.push({
    type: 'ITEM_OPTION',
    id,
    ...(existing ? { version: existing.version } : {}),
    itemOptionData: {
      ...existing?.itemOptionData,
      name: existing?.itemOptionData?.name ?? option.name,
      displayName: existing?.itemOptionData?.displayName ?? option.name,
      values: [...have, ...added],
    },
  });
  return { id, values };
}

/** The item's categories when they already read as the product's; else Square's category of that name, or a new one. */
function categoriesFor(slug: CategorySlug, square: SquareSide, objects: Square.CatalogObject[]): { id: string }[] {
  const slugOf = (id: string | undefined) => {
    const name = square.categories.find((c) => c.id === id)?.categoryData?.name;
    return (name && normalizeCategory(name)) || 'other';
  };
  const current = (square.item?.itemData?.categories ?? []).flatMap((c) => (c.id ? [{ id: c.id }] : []));
  if (slugOf(current[0]?.id) === slug) return current;
  const found = square.categories.find((c) => c.categoryData?.name && normalizeCategory(c.categoryData.name) === slug);
  if (found?.id) return [{ id: found.id }];
  const label = CATEGORIES.find((c) => c.slug === slug)?.label ?? 'Other';
  objects.push({ type: 'CATEGORY', id: '#category', categoryData: { name: label } });
  return [{ id: '#category' }];
}

/** What the shop writes of an item, to tell whether Square holds it already. */
function fingerprint(item: Square.CatalogObject.Item): string {
  const data = item.itemData ?? {};
  return JSON.stringify({
    name: data.name,
    description: data.description ?? '',
    categories: (data.categories ?? []).map((c) => c.id),
    itemOptions: (data.itemOptions ?? []).map((o) => o.itemOptionId),
    variations: (data.variations ?? []).map((v) => {
      const d = (v as Square.CatalogObject.ItemVariation).itemVariationData ?? {};
      return [v.id, d.name, d.sku ?? '', String(d.priceMoney?.amount ?? ''), (d.itemOptionValues ?? []).map((c) => c.itemOptionValueId)];
    }),
  });
}

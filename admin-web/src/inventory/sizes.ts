import type { AdminProduct, ProductOption } from '@dark-circle/api-client';

/** At most three options (Colour, Size, ...), as Square allows. */
export const MAX_OPTIONS = 3;

/** An option as the form holds it: its values typed as one comma-separated text ("S, M, L"). */
export interface OptionDraft {
  name: string;
  valuesText: string;
}

/** One variant's fields in the form: `id` for a variant the product already has; an empty price follows the product's. */
export interface VariantDraft {
  id?: string;
  price: string;
  sku: string;
  stockQuantity: string;
  imageUrl: string;
}

/** The values of a typed list: trimmed, without blanks or repeats. */
export function valuesOf(text: string): string[] {
  return [...new Set(text.split(',').map((v) => v.trim()))].filter(Boolean);
}

/** The options the drafts make: named, with at least one value. */
export function optionsOf(drafts: OptionDraft[]): ProductOption[] {
  return drafts.map((d) => ({ name: d.name.trim(), values: valuesOf(d.valuesText) })).filter((o) => o.name && o.values.length);
}

/** Every combination of the options' values, the first option varying slowest (Black / S, Black / M, Red / S, ...). */
export function combinations(options: ProductOption[]): string[][] {
  if (!options.length) return [];
  return options.reduce<string[][]>((combos, option) => combos.flatMap((combo) => option.values.map((v) => [...combo, v])), [[]]);
}

/** A variant's name from its values in option order ("Black / M"), as the shop makes it. */
export const variantName = (values: string[]) => values.join(' / ');

/** A combination's key among the drafts: its values by position, so renaming an option keeps its variants. */
export const comboKey = (values: string[]) => JSON.stringify(values);

/** The options and variant drafts of a product being edited. */
export function draftsOf(product: AdminProduct): { options: OptionDraft[]; variants: Record<string, VariantDraft> } {
  const variants: Record<string, VariantDraft> = {};
  for (const v of product.options.length ? product.variants : []) {
    variants[comboKey(product.options.map((o) => v.options[o.name] ?? ''))] = {
      id: v.id,
      // The product's price is the lowest: the variants at it follow it, as new ones do.
      price: v.price === product.price ? '' : v.price,
      sku: v.sku ?? '',
      stockQuantity: String(v.stockQuantity),
      imageUrl: v.imageUrl,
    };
  }
  return { options: product.options.map((o) => ({ name: o.name, valuesText: o.values.join(', ') })), variants };
}

/** Swaps the item at `from` with its neighbour at `to` (a picture moved up or down). */
export function moved<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** A product sold in options (sizes) has its stock set per variant; one without has one variant, set as the product. */
export const isSized = (product: AdminProduct) => product.options.length > 0;

/** Its price, or its price range when its variants differ ("$25.00–$30.00"). */
export const priceText = (product: AdminProduct) => (product.priceMax !== product.price ? `$${product.price}–$${product.priceMax}` : `$${product.price}`);

/** Addresses waiting for a back-in-stock email, in words ("3 waiting"), or nothing when none. */
export const waitingText = (waiting: number) => (waiting > 0 ? `${waiting} waiting` : '');

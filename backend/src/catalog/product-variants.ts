import { invalid } from '../platform/errors/domain-error';
import type { CategorySlug } from './categories';
import type { ProductDetails, ProductOption, Stock, VariantDetails } from './product.events';

export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_STOCK = 100_000;
export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;

/** A variant's name from its option values, in the options' order ("Black / M"); '' without options. */
export function variantName(options: readonly ProductOption[], values: Readonly<Record<string, string>>): string {
  return options.map((o) => values[o.name]).join(' / ');
}

/** How a line names what was bought: "Raven Hoodie, M", or the product's name alone for a one-variant product. */
export const lineName = (productName: string, variant: { name: string }) => (variant.name ? `${productName}, ${variant.name}` : productName);

export function checkPrice(priceCents: number): void {
  if (!Number.isInteger(priceCents) || priceCents < 0 || priceCents > MAX_PRICE_CENTS) {
    throw invalid('The price must be a whole number of cents between 0 and 100000.00 dollars.');
  }
}

/** A variant at this price is listed and sold online: any price but $0.00, and $0.00 only when the studio marked the product so. */
export const sellableAt = (priceCents: number, allowZeroPrice: boolean | undefined): boolean => priceCents > 0 || allowZeroPrice === true;

export function checkStock(s: Stock): void {
  if (!Number.isInteger(s.stockQuantity) || s.stockQuantity < 0 || s.stockQuantity > MAX_STOCK) {
    throw invalid(`The stock quantity must be a whole number from 0 to ${MAX_STOCK}.`);
  }
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Options as the studio may give them: up to three, each named once, each with distinct values. */
export function checkOptions(options: readonly ProductOption[]): void {
  if (options.length > MAX_OPTIONS) throw invalid(`A product has at most ${MAX_OPTIONS} options.`);
  options.forEach((option, i) => {
    if (!option.name.trim()) throw invalid('Every option needs a name.');
    if (options.findIndex((o) => sameText(o.name, option.name)) !== i) throw invalid(`The option ${option.name} is named twice.`);
    if (option.values.length === 0) throw invalid(`The option ${option.name} needs at least one value.`);
    option.values.forEach((value, j) => {
      if (!value.trim()) throw invalid(`The option ${option.name} has an empty value.`);
      if (option.values.findIndex((v) => sameText(v, value)) !== j) throw invalid(`The option ${option.name} lists ${value} twice.`);
    });
  });
}

/**
 * Variants as the options allow them: at least one; without options exactly one with no values;
 * with options, each names one value of every option and no two name the same combination.
 */
export function checkVariants(options: readonly ProductOption[], variants: readonly Pick<VariantDetails, 'options' | 'priceCents'>[]): void {
  checkOptions(options);
  if (variants.length === 0) throw invalid('A product needs at least one variant.');
  if (variants.length > MAX_VARIANTS) throw invalid(`A product has at most ${MAX_VARIANTS} variants.`);
  if (options.length === 0 && variants.length > 1) throw invalid('A product without options has exactly one variant.');
  const seen = new Set<string>();
  for (const variant of variants) {
    checkPrice(variant.priceCents);
    const names = Object.keys(variant.options);
    if (names.length !== options.length || options.some((o) => !o.values.includes(variant.options[o.name]))) {
      throw invalid(`Every variant needs one value of each option (${options.map((o) => `${o.name}: ${o.values.join(', ')}`).join('; ') || 'none'}).`);
    }
    const key = variantName(options, variant.options);
    if (seen.has(key)) throw invalid(`Two variants are ${key}.`);
    seen.add(key);
  }
}

/** A product as the studio first gives it (the AddProduct command without its id). */
export type NewProduct = ProductDetails & { options: ProductOption[]; variants: (Omit<VariantDetails, 'name'> & { stock: Stock })[] };

/** A product without options, given as the shop knew products before variants: one price, one picture, one stock. */
export function oneVariantProduct(p: { name: string; description: string; priceCents: number; imageUrl: string; category: CategorySlug } & Stock): NewProduct {
  const { priceCents, imageUrl, inStock, stockQuantity, ...details } = p;
  return { ...details, images: imageUrl ? [imageUrl] : [], options: [], variants: [{ options: {}, priceCents, stock: { inStock, stockQuantity } }] };
}

import type { Product, ProductOption, ProductVariant } from '../api/products';
import { formatPrice } from './money';

/** The option values the shopper has picked so far, by option name. */
export type Choice = Record<string, string>;

/** The choice a variant stands for; a product without options starts with its one variant chosen. */
export function choiceOf(variant: ProductVariant | undefined): Choice {
  return variant ? { ...variant.options } : {};
}

/** The variant the choice names once every option has a value; a product without options has its one. */
export function variantFor(product: Product, choice: Choice): ProductVariant | undefined {
  if (product.options.length === 0) return product.variants.length === 1 ? product.variants[0] : undefined;
  if (product.options.some((o) => !choice[o.name])) return undefined;
  return product.variants.find((v) => product.options.every((o) => v.options[o.name] === choice[o.name]));
}

/** The first option still without a value: the Add button asks for it. */
export function firstUnchosen(product: Product, choice: Choice): ProductOption | undefined {
  return product.options.find((o) => !choice[o.name]);
}

/**
 * A value given the other options chosen: 'none' when no variant on sale has it (not offered),
 * 'sold-out' when every such variant is sold out (still selectable, to ask for a back-in-stock email).
 */
export function valueState(product: Product, choice: Choice, option: string, value: string): 'available' | 'sold-out' | 'none' {
  const matching = product.variants.filter((v) => v.options[option] === value && product.options.every((o) => o.name === option || !choice[o.name] || v.options[o.name] === choice[o.name]));
  if (matching.length === 0) return 'none';
  return matching.some((v) => v.inStock) ? 'available' : 'sold-out';
}

/** '$25.00', or 'from $25.00' when the variants' prices differ. */
export function priceLabel(product: Product): string {
  const price = formatPrice(product.price);
  return product.priceMax && product.priceMax !== product.price ? `from ${price}` : price;
}

/** A product the shopper must choose a variant of before adding it. */
export function needsChoice(product: Product): boolean {
  return product.variants.length > 1;
}

/** What the Add button says: the option to choose first, sold out, or Add to Cart. */
export function addLabel(product: Product, choice: Choice, variant: ProductVariant | undefined): string {
  const missing = firstUnchosen(product, choice);
  if (missing) return `SELECT ${missing.name.toUpperCase()}`;
  // A combination no variant on sale has is as good as sold out.
  return variant?.inStock ? 'Add to Cart' : 'SOLD OUT';
}

/** "Raven Hoodie — M"; the product's name alone for a product without options. */
export function lineName(name: string, variantName: string | undefined): string {
  return variantName ? `${name} — ${variantName}` : name;
}

import { useState } from 'react';
import type { Product, ProductVariant } from '../api/products';
import { choiceOf, variantFor, type Choice } from './variants';

export interface VariantChoice {
  choice: Choice;
  /** The variant every option's value names; undefined until each option has one. */
  variant: ProductVariant | undefined;
  /** Picks a value and answers the variant the choice names now. */
  choose: (option: string, value: string) => ProductVariant | undefined;
}

/**
 * The shopper's choice of a product's options, starting from the variant `initialId` names, if any
 * (a product with one variant starts with it: there is nothing to choose).
 */
export function useVariantChoice(product: Product, initialId?: string | null): VariantChoice {
  const [choice, setChoice] = useState<Choice>(() => choiceOf(product.variants.length === 1 ? product.variants[0] : product.variants.find((v) => v.id === initialId)));
  const choose = (option: string, value: string) => {
    const next = { ...choice, [option]: value };
    setChoice(next);
    return variantFor(product, next);
  };
  return { choice, variant: variantFor(product, choice), choose };
}

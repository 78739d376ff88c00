import type { ProductSnapshot } from '../../src/catalog';
import type { CartEvent } from '../../src/cart/cart.events';

/** A product as the cart decider is given it, `stockQuantity` units on hand. */
export const aProduct = (productId: number, name: string, priceCents: number, stockQuantity: number): ProductSnapshot => ({
  productId,
  variantId: `${productId}-1`,
  variantName: '',
  name,
  imageUrl: `/${productId}.svg`,
  priceCents,
  inStock: stockQuantity > 0,
  stockQuantity,
});

/** `ItemAdded` of `quantity` units of `p` as the line `itemId`. */
export const added = (itemId: string, p: ProductSnapshot, quantity = 1): CartEvent => ({
  type: 'ItemAdded',
  data: { itemId, productId: p.productId, variantId: p.variantId, variantName: p.variantName, name: p.name, imageUrl: p.imageUrl, unitPriceCents: p.priceCents, quantity },
});

import type { ProductSnapshot } from '../catalog';
import { lineName } from '../catalog';

/** The variant can be put in a cart now: on sale, flagged in stock, and units that no checkout holds. */
export const buyable = (variant: ProductSnapshot | undefined): variant is ProductSnapshot => variant !== undefined && variant.inStock && variant.stockQuantity > 0;

/** How a request names what it waits for: "Coven Zip Hoodie, M" (the product's name alone without options). */
export const waitedName = (variant: Pick<ProductSnapshot, 'name' | 'variantName'>) => lineName(variant.name, { name: variant.variantName });

/** The storefront's page of the product, with the variant chosen. */
export const productPath = (productId: number, variantId: string) => `/product/${productId}?variant=${encodeURIComponent(variantId)}`;

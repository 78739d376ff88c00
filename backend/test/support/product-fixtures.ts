import type { ProductDetails, ProductEvent, ProductOption, VariantDefinition } from '../../src/catalog/product.events';

/** Products 7 as the product deciders' specs give them: a patch without options, or a hoodie in three sizes. */
export const batPatch: ProductDetails = { name: 'Bat Patch', description: 'A bat', category: 'patches', images: ['/b.svg'] };
export const ravenHoodie: ProductDetails = { name: 'Raven Hoodie', description: 'A raven', category: 'apparel', images: ['/r.svg'] };
export const sizes: ProductOption[] = [{ name: 'Size', values: ['S', 'M', 'L'] }];

/** The one variant of a product without options, `7-1`: $9.00, 3 on hand. */
export const onlyVariant = (changes: Partial<VariantDefinition> = {}): VariantDefinition => ({
  variantId: '7-1',
  name: '',
  options: {},
  priceCents: 900,
  inStock: true,
  stockQuantity: 3,
  ...changes,
});

/** The hoodie's variant of `size` (S is 7-1, M 7-2, L 7-3): $68.00, 2 on hand. */
export const sized = (size: 'S' | 'M' | 'L', changes: Partial<VariantDefinition> = {}): VariantDefinition => ({
  variantId: `7-${'SML'.indexOf(size) + 1}`,
  name: size,
  options: { Size: size },
  priceCents: 6800,
  inStock: true,
  stockQuantity: 2,
  ...changes,
});

export const productAdded = (variants: VariantDefinition[] = [onlyVariant()], options: ProductOption[] = [], details: ProductDetails = batPatch): ProductEvent => ({
  type: 'ProductAdded',
  data: { productId: 7, ...details, options, variants },
});

/** The Bat Patch, one variant, added in the shop. */
export const patchAdded = productAdded();
/** The Raven Hoodie in S, M and L, added in the shop. */
export const hoodieAdded = productAdded([sized('S'), sized('M'), sized('L')], sizes, ravenHoodie);

/** A product first imported from Square's item `ITEM`. */
export const productImported = (variants: VariantDefinition[], options: ProductOption[] = [], details: ProductDetails = batPatch): ProductEvent => ({
  type: 'ProductImportedFromSquare',
  data: { productId: 7, squareItemId: 'ITEM', ...details, options, variants },
});

export const reserved = (orderId: string, quantity = 1, variantId = '7-1'): ProductEvent => ({ type: 'StockReserved', data: { variantId, orderId, quantity } });
export const released = (orderId: string, quantity = 1, variantId = '7-1'): ProductEvent => ({ type: 'StockReleased', data: { variantId, orderId, quantity } });
export const sold = (orderId: string, quantity = 1, variantId = '7-1'): ProductEvent => ({ type: 'StockSold', data: { variantId, orderId, quantity } });
export const stockSet = (variantId: string, inStock: boolean, stockQuantity: number, count?: { squareCount: number; squareCountAt: string }): ProductEvent => ({
  type: 'StockSet',
  data: { variantId, inStock, stockQuantity, ...count },
});

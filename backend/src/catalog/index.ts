export { CatalogModule } from './catalog.module';
export { CatalogSeeder } from './catalog-seeder';
export { ProductIds } from './product-ids';
export { ProductsCache } from './products.cache';
export type { ListedProduct } from './products.cache';
export { Products } from './products';
export type { ProductCommandBody, ProductSnapshot } from './products';
export { LowStockReader } from './low-stock.reader';
export { StockAlertsReader } from './stock-alerts.reader';
export { duePushes } from './stock-push-due';
export type { WaitingChange } from './stock-push-due';
export type { LowStockProduct } from './low-stock.reader';
export { CATEGORIES, normalizeCategory } from './categories';
export type { ProductDto } from './product.view';
export { assertAvailable } from './stock-rules';
export { emailImageUrls } from './email-images';
export { ProductImages } from './product-images';
export { pictureRendition, PICTURE_RENDITIONS, type PictureUse } from './picture-renditions';
export { sameName, SquareLinksReader } from './square-links.reader';
export type { OversoldAtStall } from './square-links.reader';
export type { ProductDetails, ProductOption, Stock, VariantDetails } from './product.events';
export { BackInStockWaiting } from './back-in-stock-waiting';
export { SalePrices } from './sale-prices';
export type { SaleBook, SaleProduct, SaleSource } from './sale-prices';
export { lineName, oneVariantProduct } from './product-variants';
export type { NewProduct } from './product-variants';
export { onlyVariantOf, upcastProductEvent } from './product-upcast';
export { productIdOf, productStream, restockChange, soldChange } from './product.events';
export type { CategorySlug } from './categories';
export type { SquareCountReading, SquareVariationInput } from './product.decider';
export type { ProductState, ExistingProduct, VariantState } from './product.state';
export { evolve as evolveProduct, liveVariants, variantOf } from './product.state';
export type {
  ProductEvent,
  StockRestocked,
  StockSold,
  StockAdjusted,
  StockSet,
  StockPushedToSquare,
  VariantAdded,
  ProductAdded,
  ProductPublished,
  ProductImportedFromSquare,
  ProductDetailsChanged,
  VariantChanged,
  ProductOptionsChanged,
  VariantRemoved,
} from './product.events';

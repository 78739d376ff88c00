import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { CatalogSeeder } from './catalog-seeder';
import { ProductIds } from './product-ids';
import { productProjection } from './product.projection';
import { productSearchProjection } from './product-search.projection';
import { ProductSearch } from './product-search';
import { ProductViewSchema } from './product.view';
import { ProductsCache } from './products.cache';
import { ProductsController } from './products.controller';
import { AdminProductsController } from './admin-products.controller';
import { AdminImagesController } from './admin-images.controller';
import { AdminStockAlertsController } from './admin-stock-alerts.controller';
import { EmailImages } from './email-images';
import { EmailImagesController } from './email-images.controller';
import { UploadsController } from './uploads.controller';
import { ProductImages } from './product-images';
import { LowStockReader } from './low-stock.reader';
import { Products } from './products';
import { SquareLinksReader } from './square-links.reader';
import { BackInStockWaiting } from './back-in-stock-waiting';
import { SalePrices } from './sale-prices';
import { StockAlertsReader } from './stock-alerts.reader';
import { notSentMessage } from './admin-stock-alerts.controller';
import { HealthAlerts } from '../platform/health/health-alerts';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

@Module({
  imports: [MikroOrmModule.forFeature([ProductViewSchema])],
  controllers: [ProductsController, AdminProductsController, AdminImagesController, AdminStockAlertsController, EmailImagesController, UploadsController],
  providers: [
    ProductSearch,
    SalePrices,
    StockAlertsReader,
    BackInStockWaiting,
    ProductImages,
    EmailImages,
    ProductsCache,
    Products,
    LowStockReader,
    SquareLinksReader,
    ProductIds,
    CatalogSeeder,
  ],
  exports: [SalePrices, StockAlertsReader, BackInStockWaiting, Products, LowStockReader, SquareLinksReader, ProductsCache, CatalogSeeder, ProductIds, ProductImages],
})
export class CatalogModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly health: HealthAlerts,
    private readonly stockAlerts: StockAlertsReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.projections.register(productProjection);
    // After the products projection: the search's rows are rebuilt from what it wrote.
    this.projections.register(productSearchProjection);
    // A stock change Square has not heard of for too long: the stall may sell a unit the shop sold.
    this.health.register('stock', async () => (await this.stockAlerts.notSentSince(new Date(Date.now() - this.config.STOCK_PUSH_ALERT_AFTER))).map(notSentMessage));
  }
}

import { Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { CatalogSeeder } from './catalog-seeder';
import { ProductIds } from './product-ids';
import { productProjection } from './product.projection';
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

@Module({
  imports: [MikroOrmModule.forFeature([ProductViewSchema])],
  controllers: [ProductsController, AdminProductsController, AdminImagesController, AdminStockAlertsController, EmailImagesController, UploadsController],
  providers: [BackInStockWaiting, ProductImages, EmailImages, ProductsCache, Products, LowStockReader, SquareLinksReader, ProductIds, CatalogSeeder],
  exports: [BackInStockWaiting, Products, LowStockReader, SquareLinksReader, ProductsCache, CatalogSeeder, ProductIds],
})
export class CatalogModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(productProjection);
  }
}

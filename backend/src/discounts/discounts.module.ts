import { Module, OnModuleInit } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { AdminDiscountsController } from './admin-discounts.controller';
import { BuiltInCodes } from './built-in-codes';
import { DiscountCodes } from './discount-codes';
import { discountProjection } from './discount.projection';
import { DiscountsReader } from './discounts.reader';
import { SaleBooks } from './sale-book';

/** The studio's discount codes and automatic sales: made in the admin, reserved by checkouts, priced onto the shelf. */
@Module({
  imports: [CatalogModule],
  controllers: [AdminDiscountsController],
  providers: [BuiltInCodes, DiscountCodes, DiscountsReader, SaleBooks],
  exports: [BuiltInCodes, DiscountCodes, DiscountsReader],
})
export class DiscountsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(discountProjection);
  }
}

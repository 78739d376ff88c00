import { Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { CatalogModule } from '../catalog';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { CartController } from './cart.controller';
import { CartHandOver } from './cart-hand-over';
import { CartHandOverController } from './cart-hand-over.controller';
import { cartProjection } from './cart.projection';
import { CartReader } from './cart.reader';
import { CartVersions } from './cart-versions.cache';
import { CartService } from './cart.service';
import { CartItemViewSchema, CartViewSchema } from './cart.views';
import { HandOverLinks } from './hand-over-links';
import { Carts } from './carts';

@Module({
  imports: [MikroOrmModule.forFeature([CartViewSchema, CartItemViewSchema]), CatalogModule],
  controllers: [CartController, CartHandOverController],
  providers: [CartReader, CartVersions, CartService, CartHandOver, HandOverLinks, Carts],
  exports: [Carts, CartReader, CartHandOver],
})
export class CartModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(cartProjection);
  }
}

import { Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { CartController } from './cart.controller';
import { CartProjection } from './cart.projection';
import { CartReader } from './cart.reader';
import { CartVersions } from './cart-versions.cache';
import { CartService } from './cart.service';
import { CartItemViewSchema, CartViewSchema } from './cart.views';
import { LoadCartHandler } from './load-cart.query';
import { RunCartCommandHandler } from './run-cart-command';

@Module({
  imports: [MikroOrmModule.forFeature([CartViewSchema, CartItemViewSchema])],
  controllers: [CartController],
  providers: [CartProjection, CartReader, CartVersions, CartService, RunCartCommandHandler, LoadCartHandler],
  exports: [CartReader],
})
export class CartModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly projection: CartProjection,
  ) {}

  onModuleInit(): void {
    this.projections.register(this.projection);
  }
}

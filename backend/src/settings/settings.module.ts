import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { AdminSettingsController } from './admin-settings.controller';
import { shopSettingsProjection } from './shop-settings.projection';
import { ShopSettingsReader } from './shop-settings.reader';

/** The settings the studio edits for the shop as a whole (the brand, who its clothing is for), read by the product feed. */
@Module({
  controllers: [AdminSettingsController],
  providers: [ShopSettingsReader],
  exports: [ShopSettingsReader],
})
export class SettingsModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(shopSettingsProjection);
  }
}

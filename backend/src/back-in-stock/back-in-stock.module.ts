import { Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { BackInStockWaiting, CatalogModule } from '../catalog';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { BackInStockController } from './back-in-stock.controller';
import { BackInStockEmailJob } from './back-in-stock-email.job';
import { BackInStockPagesController } from './back-in-stock-pages.controller';
import { BackInStockService } from './back-in-stock.service';
import { ConfirmationEmailJob } from './confirmation-email.job';
import { requestProjection } from './request.projection';
import { RequestLinks } from './request-links';
import { BackInStockRequestViewSchema } from './request.view';
import { WaitingListReader } from './waiting-list.reader';

/** "Email me when it's back", per variant: the requests (double opt-in), the emails when it is, and the counts the inventory shows. */
@Module({
  imports: [MikroOrmModule.forFeature([BackInStockRequestViewSchema]), CatalogModule],
  controllers: [BackInStockController, BackInStockPagesController],
  providers: [BackInStockService, RequestLinks, WaitingListReader, ConfirmationEmailJob, BackInStockEmailJob],
})
export class BackInStockModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly waiting: BackInStockWaiting,
    private readonly reader: WaitingListReader,
  ) {}

  onModuleInit(): void {
    this.projections.register(requestProjection);
    // The inventory's `waiting` per variant: the catalogue asks, and imports nothing of this module.
    this.waiting.provide(() => this.reader.countsByVariant());
  }
}

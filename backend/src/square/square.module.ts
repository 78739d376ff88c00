import { Global, Module, OnModuleInit } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { SquareClient } from 'square';
import { CatalogSync } from './catalog-sync/catalog-sync';
import { CatalogSyncController } from './catalog-sync/catalog-sync.controller';
import { SquareCatalogueReader } from './catalog-sync/square-catalogue.reader';
import { SquareConfigController } from './square-config.controller';
import { SquareCustomers } from './customers';
import { SquarePayments } from './payments';
import { SquareOrders } from './orders';
import { SquareFulfillments } from './fulfillment/square-fulfillments';
import { SquareFulfillmentReports } from './fulfillment/square-fulfillment-reports';
import { SquareConnection } from './square-connection';
import { SQUARE_SETTINGS, SquareSettings } from './square-settings';
import { SquareRefundReports } from './refunds/square-refund-reports';
import { SquareWebhooks } from './stock/square-webhooks';
import { StockPushJob } from './stock/stock-push.job';
import { StockPushTurns } from './stock/stock-push-turns';
import { StockPushSweep } from './stock/stock-push-sweep.job';
import { SquareWriteBackJob } from './catalog-write/square-write-back.job';
import { SquareCatalogueTurns } from './square-catalogue-turns';
import { SquareWebhooksController } from './stock/square-webhooks.controller';
import { CatalogSyncState } from './catalog-sync/catalog-sync-state';
import { SquarePictures } from './pictures/square-pictures';
import { SquarePictureCopyJob } from './pictures/square-picture-copy.job';
import { squarePictureProjection } from './pictures/square-picture.projection';
import { ProjectionRegistry } from '../platform/projections/projection.registry';

/**
 * The official `square` SDK, pointed at Square or at the emulator. Other modules call Square only
 * through its facades (`SquarePayments`, `SquareCustomers`, `SquareOrders`, `SquareFulfillments`); the SDK client stays inside this module.
 */
@Global()
@Module({
  imports: [CatalogModule],
  controllers: [SquareConfigController, CatalogSyncController, SquareWebhooksController],
  providers: [
    SquareConnection,
    SquareCatalogueReader,
    CatalogSync,
    SquareWebhooks,
    StockPushJob,
    StockPushTurns,
    StockPushSweep,
    SquareWriteBackJob,
    SquareCatalogueTurns,
    CatalogSyncState,
    SquarePictures,
    SquarePictureCopyJob,
    SquarePayments,
    SquareCustomers,
    SquareOrders,
    SquareRefundReports,
    SquareFulfillments,
    SquareFulfillmentReports,
    { provide: SQUARE_SETTINGS, inject: [SquareConnection], useFactory: (connection: SquareConnection) => connection.settings() },
    {
      provide: SquareClient,
      inject: [SQUARE_SETTINGS],
      // Retries are the callers' own (with the same idempotency key), so each is bounded and logged.
      useFactory: (s: SquareSettings) => new SquareClient({ token: s.accessToken, baseUrl: s.baseUrl, timeoutInSeconds: s.timeoutMs / 1000, maxRetries: 0 }),
    },
  ],
  exports: [SQUARE_SETTINGS, SquarePayments, SquareCustomers, SquareOrders, SquareRefundReports, SquareFulfillments, SquareFulfillmentReports],
})
export class SquareModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(squarePictureProjection);
  }
}

import { Global, Module } from '@nestjs/common';
import { ChangeFeed } from './change-feed/change-feed';
import { CommandRunner } from './event-store/command-runner';
import { EventStore } from './event-store/event-store';
import { HealthController } from './health/health.controller';
import { Readiness } from './health/readiness';
import { HistoryController } from './history/history.controller';
import { JobHandlers } from './jobs/job-handlers';
import { QueueDashboard } from './jobs/queue-dashboard';
import { OutboxBacklog } from './outbox/outbox-backlog';
import { OutboxController } from './outbox/outbox.controller';
import { OutboxRoutes } from './outbox/outbox-routes';
import { QueuesModule } from './outbox/queues.module';
import { ProjectionRebuilder } from './projections/projection-rebuilder';
import { ProjectionRegistry } from './projections/projection.registry';
import { StorefrontPages } from './web/storefront-pages';
import { uploadStorageProvider } from './storage/upload-storage.provider';
import { UPLOAD_STORAGE } from './storage/upload-storage';

/** What every module stands on: the event store, projections, the outbox, the uploads' storage and health. */
@Global()
@Module({
  imports: [QueuesModule],
  controllers: [HealthController, HistoryController, OutboxController],
  providers: [ChangeFeed, Readiness, EventStore, CommandRunner, ProjectionRegistry, ProjectionRebuilder, OutboxRoutes, OutboxBacklog, JobHandlers, QueueDashboard, StorefrontPages, uploadStorageProvider],
  exports: [ChangeFeed, Readiness, EventStore, CommandRunner, ProjectionRegistry, ProjectionRebuilder, OutboxRoutes, OutboxBacklog, JobHandlers, StorefrontPages, UPLOAD_STORAGE],
})
export class PlatformModule {}

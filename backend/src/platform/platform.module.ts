import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeFeed } from './change-feed/change-feed';
import { CommandRunner } from './event-store/command-runner';
import { EventStore } from './event-store/event-store';
import { StreamStates } from './event-store/stream-states';
import { HealthController } from './health/health.controller';
import { Readiness } from './health/readiness';
import { HealthAlerts } from './health/health-alerts';
import { EventJobs } from './jobs/event-jobs';
import { JobHandlers } from './jobs/job-handlers';
import { OutboxBacklog } from './outbox/outbox-backlog';
import { OutboxRoutes } from './outbox/outbox-routes';
import { QueuesModule } from './outbox/queues.module';
import { ProjectionRebuilder } from './projections/projection-rebuilder';
import { ProjectionRegistry } from './projections/projection.registry';
import { uploadStorageProvider } from './storage/upload-storage.provider';
import { UPLOAD_STORAGE } from './storage/upload-storage';

/**
 * What every module stands on: the event store, projections, the outbox, the uploads' storage and
 * health, and the EventBus that carries commits to the in-process reactions (`@EventsHandler`s).
 */
@Global()
@Module({
  imports: [CqrsModule.forRoot(), DiscoveryModule, QueuesModule],
  controllers: [HealthController],
  providers: [
    ChangeFeed,
    Readiness,
    HealthAlerts,
    EventStore,
    StreamStates,
    CommandRunner,
    ProjectionRegistry,
    ProjectionRebuilder,
    OutboxRoutes,
    OutboxBacklog,
    JobHandlers,
    EventJobs,
    uploadStorageProvider,
  ],
  exports: [ChangeFeed, Readiness, HealthAlerts, EventStore, CommandRunner, ProjectionRegistry, ProjectionRebuilder, OutboxRoutes, OutboxBacklog, JobHandlers, UPLOAD_STORAGE],
})
export class PlatformModule {}

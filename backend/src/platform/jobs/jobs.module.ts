import { DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { workerRedisOptions } from '../outbox/redis-connection';
import { JobScheduler } from './job-scheduler';
import { EmailQueueProcessor, RecoveryQueueProcessor, SquareQueueProcessor } from './queue-processors';

/**
 * `BullModule.forRootAsync` alone never starts the processors: the explorer that turns `@Processor`
 * classes into BullMQ workers comes only with `registerQueue`, which would also open a second set of
 * producer queues. Its core module (explorer, registrar) is imported by itself instead; the workers
 * take their connection and prefix from the shared configuration below.
 */
const bullCore = (BullModule as unknown as { coreModuleDefinition: DynamicModule }).coreModuleDefinition;

/** The worker's side of the job queues: one BullMQ worker per queue, and the repeating jobs. */
@Module({
  imports: [
    bullCore,
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: workerRedisOptions(config.redisUrl), prefix: config.QUEUE_PREFIX }),
    }),
  ],
  providers: [EmailQueueProcessor, SquareQueueProcessor, RecoveryQueueProcessor, JobScheduler],
})
export class JobsModule {}

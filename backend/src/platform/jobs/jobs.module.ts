import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { QUEUE_NAMES } from '../outbox/queue-names';
import { workerRedisOptions } from '../outbox/redis-connection';
import { JobScheduler } from './job-scheduler';
import { EmailQueueProcessor, RecoveryQueueProcessor, SquareQueueProcessor } from './queue-processors';

/**
 * The worker's side of the job queues: one BullMQ worker per queue, and the repeating jobs.
 * `registerQueue` is what makes @nestjs/bullmq discover the `@Processor` classes (`forRoot` alone
 * starts no worker); on shutdown each queue closes its worker (the active job finishes) and then
 * disconnects, even while Redis is away.
 */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: workerRedisOptions(config.redisUrl), prefix: config.QUEUE_PREFIX }),
    }),
    BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name, forceDisconnectOnShutdown: true }))),
  ],
  providers: [EmailQueueProcessor, SquareQueueProcessor, RecoveryQueueProcessor, JobScheduler],
})
export class JobsModule {}

import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { workerRedisOptions } from '../outbox/redis-connection';
import { JobScheduler } from './job-scheduler';
import { EmailQueueProcessor, RecoveryQueueProcessor, SquareQueueProcessor } from './queue-processors';

/** The worker's side of the job queues: one BullMQ worker per queue, and the repeating jobs. */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: workerRedisOptions(config.redisUrl), prefix: config.QUEUE_PREFIX }),
    }),
  ],
  providers: [EmailQueueProcessor, SquareQueueProcessor, RecoveryQueueProcessor, JobScheduler],
})
export class JobsModule {}

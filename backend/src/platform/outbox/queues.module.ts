import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ProducerQueue } from './producer-queue';
import { QUEUE_NAMES } from './queue-names';
import { QueueRegistry } from './queue.registry';
import { producerRedisOptions } from './redis-connection';

/**
 * The job queues, registered with @nestjs/bullmq in every process (the API adds jobs too): inject
 * one with `@InjectQueue('email')`, or look one up by name through `QueueRegistry`. Their
 * connection fails fast while Redis is away; the worker's processors (platform/jobs) build theirs
 * from it in the form BullMQ needs for a worker.
 */
BullModule.queueClass = ProducerQueue;

@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: producerRedisOptions(config.redisUrl), prefix: config.QUEUE_PREFIX }),
    }),
    BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
  ],
  providers: [QueueRegistry],
  exports: [BullModule, QueueRegistry],
})
export class QueuesModule {}

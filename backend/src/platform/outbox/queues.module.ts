import { Global, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { QUEUE_NAMES } from './queue-names';
import { QueueRegistry } from './queue.registry';
import { redisOptions } from './redis-connection';

@Global()
@Module({
  imports: QUEUE_NAMES.map((name) =>
    BullModule.registerQueueAsync({
      name,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: redisOptions(config.redisUrl, 'producer'),
        prefix: config.QUEUE_PREFIX,
        forceDisconnectOnShutdown: true,
      }),
    }),
  ),
  providers: [QueueRegistry],
  exports: [QueueRegistry],
})
export class QueuesModule {}

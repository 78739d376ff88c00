import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { JobScheduler } from './job-scheduler';
import { QUEUE_PROCESSORS } from './queue-processors';
import { QueueWorker } from './queue-worker';

BullModule.workerClass = QueueWorker;

/** The worker's side of the job queues (worker processes only): a processor per queue, and the repeating jobs. */
@Module({
  providers: [...QUEUE_PROCESSORS, JobScheduler],
})
export class JobsModule {}

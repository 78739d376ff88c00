import { Module } from '@nestjs/common';
import { JobScheduler } from './job-scheduler';
import { JobWorkers } from './job-workers';

/** The worker's side of the job queues: one BullMQ worker per queue, and the repeating jobs. */
@Module({
  providers: [JobWorkers, JobScheduler],
})
export class JobsModule {}

import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { RequestContext } from '../context/request-context';
import type { QueueName } from '../outbox/queue-names';

/** `caller` carries the job's correlation id on into the events it appends. */
export type JobHandler = (data: unknown, job: Job, caller: RequestContext) => Promise<unknown>;

export interface JobSchedule {
  queue: QueueName;
  jobName: string;
  everyMs: number;
}

/**
 * Which code handles each job, and which jobs repeat. Modules register theirs at start-up (in every
 * process, so the API can name its schedules too); only a worker process runs them: each queue's
 * `@Processor` (queue-processors.ts) dispatches by job name, since BullMQ's workers of one queue
 * all take every job on it.
 */
@Injectable()
export class JobHandlers {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly repeating: JobSchedule[] = [];

  handle(queue: QueueName, jobName: string, handler: JobHandler): void {
    this.handlers.set(`${queue}/${jobName}`, handler);
  }

  schedule(schedule: JobSchedule): void {
    if (schedule.everyMs > 0 && !this.repeating.some((s) => s.queue === schedule.queue && s.jobName === schedule.jobName)) this.repeating.push(schedule);
  }

  schedules(): readonly JobSchedule[] {
    return this.repeating;
  }

  async dispatch(queue: QueueName, job: Job, caller: RequestContext): Promise<unknown> {
    const handler = this.handlers.get(`${queue}/${job.name}`);
    // Thrown, so the job fails visibly (and is kept) rather than completing as if handled.
    if (!handler) throw new Error(`No handler for job ${job.name} on queue ${queue}`);
    return handler(job.data, job, caller);
  }
}

import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { runInContext } from '../context/request-context';
import type { RecordedEvent } from '../event-store/recorded-event';
import { JobHandlers } from './job-handlers';

/** Jobs relayed from the outbox carry their event: its correlation id follows the work into logs and new events. */
function inJobContext<T>(job: Job, work: () => Promise<T>): Promise<T> {
  const event = job.data as Partial<RecordedEvent> | undefined;
  const correlationId = event?.metadata?.correlationId ?? `job-${job.queueName}-${job.id}`;
  return runInContext({ correlationId, causationId: event?.eventId ?? job.id, actor: 'worker' }, work);
}

@Processor('email')
export class EmailQueueProcessor extends WorkerHost {
  constructor(private readonly handlers: JobHandlers) {
    super();
  }

  process(job: Job): Promise<unknown> {
    return inJobContext(job, () => this.handlers.dispatch('email', job));
  }
}

@Processor('square')
export class SquareQueueProcessor extends WorkerHost {
  constructor(private readonly handlers: JobHandlers) {
    super();
  }

  process(job: Job): Promise<unknown> {
    return inJobContext(job, () => this.handlers.dispatch('square', job));
  }
}

@Processor('recovery')
export class RecoveryQueueProcessor extends WorkerHost {
  constructor(private readonly handlers: JobHandlers) {
    super();
  }

  process(job: Job): Promise<unknown> {
    return inJobContext(job, () => this.handlers.dispatch('recovery', job));
  }
}

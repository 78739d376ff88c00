import type { Job } from 'bullmq';
import type { RequestContext } from '../context/request-context';
import type { RecordedEvent } from '../event-store/recorded-event';

/** The data of a job someone asked for directly (not relayed from an event): who asked. */
export interface RequestedJob {
  requestedBy: Pick<RequestContext, 'correlationId' | 'actor'>;
}

export const requestedBy = ({ correlationId, actor }: RequestContext): RequestedJob => ({ requestedBy: { correlationId, actor } });

/**
 * Who a job runs as, written into the metadata of the events it appends:
 * - relayed from the outbox, it carries its event: the worker acts, under the event's correlation
 *   id, the event as cause;
 * - asked for by someone (an admin's "Sync with Square"), it acts for them, under their request's
 *   correlation id, the job as cause;
 * - scheduled, it is the worker's own.
 */
export function jobCaller(job: Job): RequestContext {
  const data = job.data as (Partial<RecordedEvent> & Partial<RequestedJob>) | undefined;
  if (data?.requestedBy) return { ...data.requestedBy, causationId: job.id };
  const correlationId = data?.metadata?.correlationId ?? `job-${job.queueName}-${job.id}`;
  return { correlationId, causationId: data?.eventId ?? job.id, actor: 'worker' };
}

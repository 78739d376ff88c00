import type { DiscoveryService } from '@nestjs/core';
import type { Job } from 'bullmq';
import type { AppConfig } from '../config/app-config';
import type { RequestContext } from '../context/request-context';
import type { DomainEvent, RecordedEvent } from '../event-store/recorded-event';
import { OutboxRoutes } from '../outbox/outbox-routes';
import { EventJobs, OnEvent, OnJob, OnSchedule } from './event-jobs';
import { JobHandlers } from './job-handlers';

type Placed = DomainEvent<'Placed', { n: number }>;
type Shipped = DomainEvent<'Shipped', { n: number }>;

class Reactions {
  readonly seen: unknown[] = [];

  @OnEvent<Placed>('Placed', { queue: 'email', job: 'placed-email' })
  async onPlaced(event: RecordedEvent<Placed>, caller: RequestContext) {
    this.seen.push(['placed', event.data.n, caller.correlationId]);
    return 'sent';
  }

  @OnEvent<Placed | Shipped>(['Placed', 'Shipped'], { queue: 'square', job: 'push', when: (event) => event.data.n > 0 && event.metadata.actor !== 'seed' })
  async onEither(event: RecordedEvent<Placed | Shipped>) {
    this.seen.push(['push', event.type]);
  }

  @OnJob<{ step: number }>({ queue: 'recovery', job: 'step' })
  async onStep(data: { step: number }) {
    this.seen.push(['step', data.step]);
  }

  @OnSchedule({ queue: 'checkout', job: 'sweep', every: (config) => config.CHECKOUT_RECONCILE_EVERY_MS })
  async sweep(caller: RequestContext) {
    this.seen.push(['sweep', caller.actor]);
  }
}

describe('EventJobs', () => {
  const reactions = new Reactions();
  const routes = new OutboxRoutes();
  const handlers = new JobHandlers();
  const discovery = {
    getProviders: () => [
      { isDependencyTreeStatic: () => true, instance: reactions },
      { isDependencyTreeStatic: () => true, instance: undefined },
    ],
  } as unknown as DiscoveryService;
  new EventJobs(discovery, routes, handlers, { CHECKOUT_RECONCILE_EVERY_MS: 30_000 } as AppConfig).onModuleInit();
  const caller: RequestContext = { correlationId: 'c1', actor: 'worker' };
  const job = (queueName: string, name: string) => ({ queueName, name }) as Job;

  it('routes each declared event type to its queue and job name', () => {
    expect(routes.for('Placed')).toMatchObject([
      { queue: 'email', jobName: 'placed-email' },
      { queue: 'square', jobName: 'push' },
    ]);
    expect(routes.for('Shipped')).toMatchObject([{ queue: 'square', jobName: 'push' }]);
    expect(routes.for('Other')).toEqual([]);
  });

  it('sends an event only to the jobs whose `when` holds for it (none given: every one)', () => {
    const appended = (type: string, n: number, actor = 'admin:a@b.c') => ({ type, data: { n }, metadata: { correlationId: 'c', actor } });
    const jobsOf = (event: ReturnType<typeof appended>) => routes.of(event).map((r) => r.jobName);
    expect(jobsOf(appended('Placed', 1))).toEqual(['placed-email', 'push']);
    expect(jobsOf(appended('Placed', 0))).toEqual(['placed-email']);
    expect(jobsOf(appended('Shipped', 1, 'seed'))).toEqual([]);
    expect(jobsOf(appended('Shipped', 2))).toEqual(['push']);
  });

  it('runs the declared method with the relayed event, a job with its data, a schedule with its caller', async () => {
    const placed = { type: 'Placed', data: { n: 7 } } as RecordedEvent<Placed>;
    expect(await handlers.dispatch('email', { ...job('email', 'placed-email'), data: placed } as Job, caller)).toBe('sent');
    await handlers.dispatch('square', { ...job('square', 'push'), data: { type: 'Shipped', data: { n: 1 } } } as Job, caller);
    await handlers.dispatch('recovery', { ...job('recovery', 'step'), data: { step: 2 } } as Job, caller);
    await handlers.dispatch('checkout', { ...job('checkout', 'sweep'), data: {} } as Job, caller);
    expect(reactions.seen).toEqual([
      ['placed', 7, 'c1'],
      ['push', 'Shipped'],
      ['step', 2],
      ['sweep', 'worker'],
    ]);
  });

  it('repeats a scheduled job at the interval the configuration gives', () => {
    expect(handlers.schedules()).toEqual([{ queue: 'checkout', jobName: 'sweep', everyMs: 30_000 }]);
  });
});

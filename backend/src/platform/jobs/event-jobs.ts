import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { RequestContext } from '../context/request-context';
import type { DomainEvent, RecordedEvent } from '../event-store/recorded-event';
import { OutboxRoutes, type RoutedEvent } from '../outbox/outbox-routes';
import type { QueueName } from '../outbox/queue-names';
import { JobHandlers } from './job-handlers';

/** The queue a job runs on and its BullMQ job name (what the outbox rows, the dashboard and the tests name). */
export interface JobRoute {
  queue: QueueName;
  job: string;
}

/** An event job's route; `when`: only the events it holds for are sent (the rest make no outbox row and no job). */
export interface EventJobRoute<E extends DomainEvent = DomainEvent> extends JobRoute {
  when?: (event: RoutedEvent<E>) => boolean;
}

/** A job that repeats: its interval read from the configuration (0 or less: it does not repeat). */
export interface ScheduledJobRoute extends JobRoute {
  every: (config: AppConfig) => number;
}

type Declaration =
  | { kind: 'event'; method: string | symbol; route: EventJobRoute; types: readonly string[] }
  | { kind: 'job'; method: string | symbol; route: JobRoute }
  | { kind: 'schedule'; method: string | symbol; route: ScheduledJobRoute };

const DECLARED = Symbol('event-jobs');

function declare(target: object, declaration: Declaration): void {
  const owner = target.constructor;
  Reflect.defineMetadata(DECLARED, [...((Reflect.getOwnMetadata(DECLARED, owner) as Declaration[] | undefined) ?? []), declaration], owner);
}

/** What a job's method is given; it resolves to the job's result. */
type JobMethod<A extends unknown[]> = (...args: A) => Promise<unknown>;

/**
 * Reacts to an event in a worker: `@OnEvent<OrderPlaced>('OrderPlaced', { queue: 'email', job: 'order-confirmation' })`.
 * Every event of that type gets an outbox row in the transaction that records it, relayed to the
 * queue as a job named `job` with the event as data and the event's id as job id (so a repeat is a
 * no-op); the method then runs in a worker with the recorded event and its caller. The type's name
 * must be the event type's (`E['type']`), so the compiler holds it to the module's event union, and
 * "what reacts to `OrderPlaced`?" is answered by finding the references of the type.
 * A job that must act once checks its stream before acting: BullMQ retries a failed job, and
 * the outbox may relay an event twice.
 */
export function OnEvent<E extends DomainEvent>(type: E['type'] | readonly E['type'][], route: EventJobRoute<E>) {
  const types: readonly string[] = Array.isArray(type) ? type : [type];
  return <M extends JobMethod<[event: RecordedEvent<E>, caller: RequestContext]>>(target: object, method: string | symbol, _: TypedPropertyDescriptor<M>): void =>
    declare(target, { kind: 'event', method, route: route as EventJobRoute, types });
}

/** Handles a job that code adds to a queue itself (a delayed step, an admin's button): the method gets the job's data. */
export function OnJob<D>(route: JobRoute) {
  return <M extends JobMethod<[data: D, caller: RequestContext, job: Job]>>(target: object, method: string | symbol, _: TypedPropertyDescriptor<M>): void =>
    declare(target, { kind: 'job', method, route });
}

/** Runs a job on a repeating schedule, once per interval across all workers (a BullMQ job scheduler). */
export function OnSchedule(route: ScheduledJobRoute) {
  return <M extends JobMethod<[caller: RequestContext, job: Job]>>(target: object, method: string | symbol, _: TypedPropertyDescriptor<M>): void =>
    declare(target, { kind: 'schedule', method, route });
}

/**
 * Finds the jobs the providers declare (`@OnEvent`, `@OnJob`, `@OnSchedule`) and registers them at
 * start-up, in every process: the API's appends need the outbox routes, the workers the handlers.
 */
@Injectable()
export class EventJobs implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly routes: OutboxRoutes,
    private readonly handlers: JobHandlers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    for (const provider of this.discovery.getProviders()) {
      const instance: unknown = provider.isDependencyTreeStatic() ? provider.instance : undefined;
      if (!instance || typeof instance !== 'object') continue;
      const declared = (Reflect.getOwnMetadata(DECLARED, instance.constructor) as Declaration[] | undefined) ?? [];
      for (const declaration of declared) this.register(instance as Record<string | symbol, (...args: unknown[]) => Promise<unknown>>, declaration);
    }
  }

  private register(instance: Record<string | symbol, (...args: unknown[]) => Promise<unknown>>, declaration: Declaration): void {
    const { queue, job } = declaration.route;
    const method = declaration.method;
    switch (declaration.kind) {
      case 'event':
        for (const type of declaration.types) this.routes.route(type, { queue, jobName: job, when: declaration.route.when });
        return this.handlers.handle(queue, job, (event, _job, caller) => instance[method](event, caller));
      case 'job':
        return this.handlers.handle(queue, job, (data, bullJob, caller) => instance[method](data, caller, bullJob));
      case 'schedule':
        this.handlers.handle(queue, job, (_data, bullJob, caller) => instance[method](caller, bullJob));
        return this.handlers.schedule({ queue, jobName: job, everyMs: declaration.route.every(this.config) });
    }
  }
}

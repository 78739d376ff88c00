import { Injectable } from '@nestjs/common';
import type { DomainEvent, EventMetadata } from '../event-store/recorded-event';
import type { QueueName } from './queue-names';

/** An event as it is appended: what a route's `when` may look at. */
export type RoutedEvent<E extends DomainEvent = DomainEvent> = E & { metadata: EventMetadata };

export interface OutboxRoute {
  queue: QueueName;
  jobName: string;
  /** Only the events it holds for get a row (none given: every event of the type). */
  when?: (event: RoutedEvent) => boolean;
}

/** Which event types must reach which job queues; modules declare theirs at start-up. */
@Injectable()
export class OutboxRoutes {
  private readonly routes = new Map<string, OutboxRoute[]>();

  route(eventType: string, route: OutboxRoute): void {
    const list = this.routes.get(eventType) ?? [];
    if (!list.some((r) => r.queue === route.queue)) list.push(route);
    this.routes.set(eventType, list);
  }

  for(eventType: string): readonly OutboxRoute[] {
    return this.routes.get(eventType) ?? [];
  }

  /** The routes the appended event takes: its type's, each when it holds. */
  of(event: RoutedEvent): OutboxRoute[] {
    return this.for(event.type).filter((route) => !route.when || route.when(event));
  }
}

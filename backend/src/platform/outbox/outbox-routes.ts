import { Injectable } from '@nestjs/common';
import type { QueueName } from './queue-names';

export interface OutboxRoute {
  queue: QueueName;
  jobName: string;
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
}

import { Injectable } from '@nestjs/common';
import type { ProjectedEvent } from '../event-store/recorded-event';
import type { Projection } from './projection';
import type { SqlWrite } from './sql-write';

/** The projections every module registered at start-up. */
@Injectable()
export class ProjectionRegistry {
  private readonly projections: Projection[] = [];

  register(projection: Projection): void {
    if (this.projections.some((p) => p.name === projection.name)) return;
    this.projections.push(projection);
  }

  all(): readonly Projection[] {
    return this.projections;
  }

  /** Every projection's statements for these events, event by event, in order. */
  writesFor(events: readonly ProjectedEvent[]): SqlWrite[] {
    const writes: SqlWrite[] = [];
    for (const event of events) for (const projection of this.projections) writes.push(...projection.writesFor(event));
    return writes;
  }
}

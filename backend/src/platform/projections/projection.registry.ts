import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../event-store/recorded-event';
import type { Projection } from './projection';

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

  async apply(em: EntityManager, event: RecordedEvent): Promise<void> {
    for (const projection of this.projections) await projection.apply(em, event);
  }
}

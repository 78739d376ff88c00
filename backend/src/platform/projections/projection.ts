import type { ProjectedEvent } from '../event-store/recorded-event';
import type { SqlWrite } from './sql-write';

/**
 * Keeps read tables in step with the events. It only describes the statements an event calls for:
 * the event store runs them inside the append's transaction, the rebuilder sends them in batches.
 */
export interface Projection {
  readonly name: string;
  /** The read tables this projection owns; a rebuild empties them first. */
  readonly tables: readonly string[];
  /** The statements, in order, that bring the tables up to `event` (none when it is not this projection's). */
  writesFor(event: ProjectedEvent): SqlWrite[];
}

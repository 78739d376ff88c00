import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '../event-store/recorded-event';

/** Keeps read tables in step with the events, inside the transaction that appends them. */
export interface Projection {
  readonly name: string;
  /** The read tables this projection owns; a rebuild empties them first. */
  readonly tables: readonly string[];
  apply(em: EntityManager, event: RecordedEvent): Promise<void>;
}

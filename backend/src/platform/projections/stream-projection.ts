import type { StreamKind } from '../event-store/stream';
import type { DomainEvent, ProjectedEvent } from '../event-store/recorded-event';
import type { Projection } from './projection';
import type { SqlWrite } from './sql-write';

/** What every row a projection writes carries: the stream version it reflects, and when that was recorded. */
export type RowStamp = {
  version: number;
  updated_at: Date;
};

/**
 * The projection of one stream kind: `writes` sees only that kind's events (others call for
 * nothing), with the aggregate's id read back from the stream id and the row stamp.
 */
export function streamProjection<E extends DomainEvent, Id extends string | number = string>(
  projection: { name: string; tables: readonly string[]; stream: StreamKind<Id> },
  writes: (event: ProjectedEvent<E>, id: Id, stamp: RowStamp) => SqlWrite[],
): Projection {
  const { name, tables, stream } = projection;
  return {
    name,
    tables,
    writesFor: (recorded) =>
      recorded.streamType === stream.type ? writes(recorded as ProjectedEvent<E>, stream.idOf(recorded.streamId), { version: recorded.version, updated_at: recorded.recordedAt }) : [],
  };
}

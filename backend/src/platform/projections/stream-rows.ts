import type { StreamKind } from '../event-store/stream';
import type { DomainEvent, RecordedEvent } from '../event-store/recorded-event';

/** What every row a projection writes carries: the stream version it reflects, and when that was recorded. */
export type RowStamp = {
  version: number;
  updated_at: Date;
};

/**
 * A recorded event as the projection of one stream kind reads it: only that kind's events (others:
 * undefined), with the aggregate's id read back from the stream id and the row stamp.
 */
export function streamRows<E extends DomainEvent, Id extends string | number = string>(
  recorded: RecordedEvent,
  stream: StreamKind<Id>,
): { event: RecordedEvent<E>; id: Id; stamp: RowStamp } | undefined {
  if (recorded.streamType !== stream.type) return undefined;
  return { event: recorded as RecordedEvent<E>, id: stream.idOf(recorded.streamId), stamp: { version: recorded.version, updated_at: recorded.recordedAt } };
}

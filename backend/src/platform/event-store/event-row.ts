import type { EventMetadata, RecordedEvent } from './recorded-event';

/** The events table's columns, as the driver returns them. */
export interface EventRow {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    streamType: row.stream_type,
    version: row.version,
    globalPosition: String(row.global_position),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: new Date(row.recorded_at),
  };
}

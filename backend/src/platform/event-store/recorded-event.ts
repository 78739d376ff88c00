/** A fact a command decided; the past tense, never edited once stored. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface EventMetadata {
  correlationId: string;
  causationId?: string;
  actor: string;
}

/** A domain event as the store keeps it. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E & {
  eventId: string;
  streamId: string;
  streamType: string;
  version: number;
  globalPosition: string;
  metadata: EventMetadata;
  recordedAt: Date;
};

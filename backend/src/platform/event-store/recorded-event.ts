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

/**
 * A domain event as projections see it: everything the store records but the global position,
 * which only the insert gives (an append's projections are written in the same round trip).
 */
export type ProjectedEvent<E extends DomainEvent = DomainEvent> = E & {
  eventId: string;
  streamId: string;
  streamType: string;
  version: number;
  metadata: EventMetadata;
  recordedAt: Date;
};

/** A domain event as the store keeps it. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = ProjectedEvent<E> & { globalPosition: string };

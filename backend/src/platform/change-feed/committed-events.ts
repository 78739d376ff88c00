import type { IEvent } from '@nestjs/cqrs';
import type { RecordedEvent } from '../event-store/recorded-event';

/**
 * Published on the `EventBus` once per stream of every commit, after it committed: by the event
 * store for this process's own commits (at once, with the events it stored), and by the change
 * feed for another process's (when its notice arrives, with no events: a notice names only where
 * the stream now stands). A handler that keeps something true of a stream reads `streamId` and
 * `version` the same way whoever committed. Commits of one stream are published in version order.
 */
export class StreamCommitted implements IEvent {
  constructor(
    readonly streamType: string,
    readonly streamId: string,
    /** The stream's version once the commit's events are on it. */
    readonly version: number,
    /** The events this commit stored on the stream, in version order, when this process committed it; undefined for another process's. */
    readonly events: readonly RecordedEvent[] | undefined,
    /** The commit wrote outbox rows (jobs for the relay to hand to BullMQ). */
    readonly queued: boolean,
  ) {}
}

/**
 * Published by the change feed when commits may have gone unheard (its connection was lost, its
 * test notice did not come back, a commit of this process ended with its outcome unknown): whatever
 * a handler keeps of any stream may be stale, and is forgotten.
 */
export class ChangesMissed implements IEvent {}

/** What a cache's handler hears: a stream moved on, or anything may have. */
export type ChangeNotice = StreamCommitted | ChangesMissed;

import { Injectable } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { ChangesMissed, type ChangeNotice, StreamCommitted } from '../change-feed/committed-events';

/** A busy shop's recently read or written carts, products and orders; past it the least recent are read again. */
const MAX_STREAMS = 20_000;

interface Entry {
  /** The decider that folded it: a stream is only ever run with one, but the state means nothing to another. */
  decider: object;
  state: unknown;
  version: number;
}

/**
 * The state of each stream this process's commands recently read or wrote, at its version, so that
 * the next command on it can decide without reading the stream again. Never the last word: the runner
 * counts a decision made on a remembered state only when its append succeeds at that version (no
 * one else wrote in between); anything else is decided again on the stream as stored. A notice
 * that a stream moved past the remembered version (another process, a transaction of several
 * appends) forgets it at once, which saves that wasted append. States are immutable, as the
 * deciders make them, so the remembered one is shared with the caller that got it.
 */
@Injectable()
@EventsHandler(StreamCommitted, ChangesMissed)
export class StreamStates implements IEventHandler<ChangeNotice> {
  private readonly entries = new Map<string, Entry>();

  /** A commit, this process's or another's: a state behind it is forgotten; a missed notice forgets them all. */
  handle(notice: ChangeNotice): void {
    if (notice instanceof StreamCommitted) this.changed(notice);
    else this.reset();
  }

  get(decider: object, streamId: string): { state: unknown; version: number } | undefined {
    const entry = this.entries.get(streamId);
    return entry?.decider === decider ? entry : undefined;
  }

  remember(decider: object, streamId: string, state: unknown, version: number): void {
    // A read that resolves after a later append must not put an older state back.
    const held = this.entries.get(streamId);
    if (held?.decider === decider && held.version > version) return;
    // Deleted first so that the stream moves to the end: the first entries are the least recently written.
    this.entries.delete(streamId);
    this.entries.set(streamId, { decider, state, version });
    if (this.entries.size > MAX_STREAMS) this.entries.delete(this.entries.keys().next().value!);
  }

  private changed(change: StreamCommitted): void {
    const entry = this.entries.get(change.streamId);
    if (entry && change.version > entry.version) this.entries.delete(change.streamId);
  }

  reset(): void {
    this.entries.clear();
  }
}

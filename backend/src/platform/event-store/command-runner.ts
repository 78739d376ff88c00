import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../context/request-context';
import { conflict } from '../errors/domain-error';
import { ConcurrencyError } from './concurrency.error';
import { Decider, fold } from './decider';
import { EventStore, StreamRef } from './event-store';
import type { DomainEvent, RecordedEvent } from './recorded-event';
import { StreamStates } from './stream-states';

export interface CommandResult<S, E extends DomainEvent> {
  state: S;
  version: number;
  events: RecordedEvent<E>[];
}

const MAX_ATTEMPTS = 5;

/**
 * A command, or how to build it from what it needs to know besides its stream (a product's price
 * and stock): built again on every attempt, so a retried decision never uses what a concurrent
 * writer just changed.
 */
export type CommandSource<C> = C | (() => Promise<C>);

/**
 * Load, decide, append (as `caller`: its ids and actor go into the events' metadata); on a
 * concurrent write, reload and decide again a few times, then 409. A stream this process wrote last
 * is not read again: the command decides on the state its last read or append left (see StreamStates),
 * and that decision counts only if the append at that version succeeds. One that is refused,
 * appends nothing or loses the race is made again on the stream as stored, at no extra attempt,
 * reading only the events since the state it knows.
 */
@Injectable()
export class CommandRunner {
  constructor(
    private readonly store: EventStore,
    private readonly states: StreamStates,
  ) {}

  async run<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, stream: StreamRef, source: CommandSource<C>, caller: RequestContext): Promise<CommandResult<S, E>> {
    // What is known of the stream: the events up to its version need not be read again.
    let known = this.states.get(decider, stream.id) as Loaded<S> | undefined;
    if (known) {
      const result = await this.attempt(decider, stream, await build(source), caller, known);
      if (result) return result;
    }
    for (let attempt = 1; ; attempt++) {
      const [loaded, command] = await Promise.all([this.read(decider, stream, known), build(source)]);
      // The stream as read is as good a start for the next command as a state an append left.
      this.states.remember(decider, stream.id, loaded.state, loaded.version);
      known = loaded;
      try {
        return await this.append(decider, stream, caller, loaded, decider.decide(command, loaded.state));
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (attempt >= MAX_ATTEMPTS) throw conflict('This was changed by someone else at the same moment. Please try again.', 'CONCURRENT_CHANGE');
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
      }
    }
  }

  /** The decision on a remembered state, if it counts: undefined when it was refused, appends nothing or lost the race. */
  private async attempt<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, stream: StreamRef, command: C, caller: RequestContext, remembered: Loaded<S>) {
    let newEvents: E[];
    try {
      newEvents = decider.decide(command, remembered.state);
    } catch {
      return undefined;
    }
    // Appending nothing would not confirm that the stream is still at the remembered version.
    if (newEvents.length === 0) return undefined;
    try {
      return await this.append(decider, stream, caller, remembered, newEvents);
    } catch (error) {
      if (error instanceof ConcurrencyError) return undefined;
      throw error;
    }
  }

  private async append<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, stream: StreamRef, caller: RequestContext, loaded: Loaded<S>, newEvents: E[]): Promise<CommandResult<S, E>> {
    const events = await this.store.append(stream, loaded.version, newEvents, caller);
    const state = fold({ ...decider, initialState: loaded.state }, events);
    const version = loaded.version + events.length;
    this.states.remember(decider, stream.id, state, version);
    return { state, version, events };
  }

  /** The stream as stored: read whole, or only the events after a state already known (events are never changed once stored). */
  private async read<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, stream: StreamRef, known?: Loaded<S>): Promise<Loaded<S>> {
    const { events, version } = await this.store.readStream<E>(stream.id, known?.version);
    return { state: fold(known ? { ...decider, initialState: known.state } : decider, events), version };
  }
}

/** An aggregate as its stream says, with the version it was read at. */
export interface Loaded<S> {
  state: S;
  version: number;
}

const build = <C>(source: CommandSource<C>): Promise<C> => (typeof source === 'function' ? (source as () => Promise<C>)() : Promise.resolve(source));

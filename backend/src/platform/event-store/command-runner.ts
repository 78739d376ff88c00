import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../context/request-context';
import { conflict } from '../errors/domain-error';
import { ConcurrencyError } from './concurrency.error';
import { Decider, fold } from './decider';
import { EventStore, StreamRef } from './event-store';
import type { DomainEvent, RecordedEvent } from './recorded-event';

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
 * concurrent write, reload and decide again a few times, then 409.
 */
@Injectable()
export class CommandRunner {
  constructor(private readonly store: EventStore) {}

  async run<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, stream: StreamRef, source: CommandSource<C>, caller: RequestContext): Promise<CommandResult<S, E>> {
    for (let attempt = 1; ; attempt++) {
      const [loaded, command] = await Promise.all([this.store.readStream<E>(stream.id), typeof source === 'function' ? (source as () => Promise<C>)() : source]);
      const state = fold(decider, loaded.events);
      const newEvents = decider.decide(command, state);
      try {
        const events = await this.store.append(stream, loaded.version, newEvents, caller);
        return { state: fold({ ...decider, initialState: state }, newEvents), version: loaded.version + newEvents.length, events };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (attempt >= MAX_ATTEMPTS) throw conflict('This was changed by someone else at the same moment. Please try again.', 'CONCURRENT_CHANGE');
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
      }
    }
  }
}

import type { RequestContext } from '../context/request-context';
import { CommandResult, CommandRunner, CommandSource, Loaded } from './command-runner';
import { Decider, fold } from './decider';
import { EventStore } from './event-store';
import type { DomainEvent } from './recorded-event';
import type { StreamKind } from './stream';

export type { Loaded } from './command-runner';

/**
 * One aggregate kind's two verbs: run a command on one instance (load, decide, append, retried on a
 * concurrent write) and load one instance. Each module's facade (`Products`, `Carts`, `Orders`)
 * wraps one of these, so its decider and stream names stay inside the module.
 */
export class Aggregate<Id extends string | number, S, C, E extends DomainEvent> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly store: EventStore,
    private readonly decider: Decider<S, C, E>,
    private readonly stream: StreamKind<Id>,
  ) {}

  run(id: Id, command: CommandSource<C>, caller: RequestContext): Promise<CommandResult<S, E>> {
    return this.runner.run(this.decider, this.stream(id), command, caller);
  }

  async load(id: Id): Promise<Loaded<S>> {
    const { events, version } = await this.store.readStream<E>(this.stream(id).id);
    return { state: fold(this.decider, events), version };
  }
}

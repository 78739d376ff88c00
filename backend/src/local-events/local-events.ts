import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import { localEventDecider, LocalEventCommand } from './local-event.decider';
import { localEventStream, type LocalEventDetails } from './local-event.events';

/** The calendar's commands: load the event's stream, decide, append. */
@Injectable()
export class LocalEvents {
  constructor(private readonly runner: CommandRunner) {}

  async schedule(details: LocalEventDetails, caller: RequestContext): Promise<string> {
    const eventId = randomUUID();
    await this.run(eventId, { kind: 'Schedule', eventId, details }, caller);
    return eventId;
  }

  async run(eventId: string, command: LocalEventCommand, caller: RequestContext): Promise<void> {
    await this.runner.run(localEventDecider, localEventStream(eventId), command, caller);
  }
}

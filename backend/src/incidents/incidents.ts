import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { Aggregate } from '../platform/event-store/aggregate';
import { CommandRunner } from '../platform/event-store/command-runner';
import { EventStore } from '../platform/event-store/event-store';
import { incidentDecider, type IncidentCommand, type IncidentState } from './incident.decider';
import { incidentStream, type IncidentEvent } from './incident.events';

/**
 * The id of a variant's n-th incident (from 1): a UUID named after the variant and n, so two jobs
 * that find no open incident for the variant at the same moment open the same stream, and the
 * second one's append, refused, folds into the first one's incident.
 */
export function incidentIdFor(variantId: string, n: number): string {
  const hex = createHash('sha256').update(`oversold:${variantId}:${n}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The incidents' commands and loads: one stream per incident (`incident-<id>`). */
@Injectable()
export class Incidents {
  private readonly incidents: Aggregate<string, IncidentState, IncidentCommand, IncidentEvent>;

  constructor(runner: CommandRunner, store: EventStore) {
    this.incidents = new Aggregate(runner, store, incidentDecider, incidentStream);
  }

  run(incidentId: string, command: IncidentCommand, caller: RequestContext) {
    return this.incidents.run(incidentId, command, caller);
  }

  async load(incidentId: string): Promise<IncidentState> {
    return (await this.incidents.load(incidentId)).state;
  }
}

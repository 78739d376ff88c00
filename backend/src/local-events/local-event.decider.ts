import { conflict, invalid, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import type { LocalEventDetails, LocalEventEvent } from './local-event.events';

export type LocalEventState = { status: 'none' } | { status: 'scheduled'; eventId: string; details: LocalEventDetails } | { status: 'removed' };

export type LocalEventCommand = { kind: 'Schedule'; eventId: string; details: LocalEventDetails } | { kind: 'Change'; changes: Partial<LocalEventDetails> } | { kind: 'Remove' };

/** A market or open-studio night on the studio's calendar: scheduled, corrected, removed. */
export const localEventDecider: Decider<LocalEventState, LocalEventCommand, LocalEventEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'LocalEventScheduled': {
        const { eventId, ...details } = event.data;
        return { status: 'scheduled', eventId, details };
      }
      case 'LocalEventChanged':
        return state.status === 'scheduled' ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      case 'LocalEventRemoved':
        return { status: 'removed' };
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'Schedule':
        if (state.status !== 'none') throw conflict('That event is already on the calendar.');
        assertEndsAfterStart(command.details);
        return [{ type: 'LocalEventScheduled', data: { eventId: command.eventId, ...command.details } }];
      case 'Change': {
        if (state.status !== 'scheduled') throw notFound('That event is not on the calendar.', 'LOCAL_EVENT_NOT_FOUND');
        const changes = changedFields(state.details, command.changes);
        if (Object.keys(changes).length === 0) return [];
        assertEndsAfterStart({ ...state.details, ...changes });
        return [{ type: 'LocalEventChanged', data: { changes } }];
      }
      case 'Remove':
        // A second removal (a double click) is done already; an event never scheduled is not.
        if (state.status === 'none') throw notFound('That event is not on the calendar.', 'LOCAL_EVENT_NOT_FOUND');
        return state.status === 'removed' ? [] : [{ type: 'LocalEventRemoved', data: {} }];
    }
  },
};

/** An end, when given, comes after the start; compared as instants, whatever offsets they were written in. */
function assertEndsAfterStart(details: Pick<LocalEventDetails, 'startsAt' | 'endsAt'>): void {
  if (details.endsAt !== null && Date.parse(details.endsAt) <= Date.parse(details.startsAt)) {
    throw invalid('The event must end after it starts.', 'VALIDATION_FAILED');
  }
}

/** Only what differs from now: a form saved unchanged records nothing. */
function changedFields(current: LocalEventDetails, changes: Partial<LocalEventDetails>): Partial<LocalEventDetails> {
  const entries = Object.entries(changes).filter(([field, value]) => value !== undefined && current[field as keyof LocalEventDetails] !== value);
  return Object.fromEntries(entries) as Partial<LocalEventDetails>;
}

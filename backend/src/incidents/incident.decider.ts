import { conflict, invalid, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import type { IncidentEvent, IncidentKind, IncidentOrder } from './incident.events';

export type IncidentState =
  | { status: 'none' }
  | {
      status: 'open' | 'resolved';
      incidentId: string;
      kind: IncidentKind;
      productId: number;
      variantId: string;
      name: string;
      orders: IncidentOrder[];
      /** Square's count when it was last reported below zero. */
      squareCount: number;
      emailed: boolean;
    };

export type IncidentCommand =
  /** A count below zero of a variant, with the online orders it involves (see oversold-orders.ts). */
  | { kind: 'ReportOversell'; incidentId: string; productId: number; variantId: string; name: string; orders: IncidentOrder[]; squareCount: number }
  | { kind: 'Resolve'; note: string }
  | { kind: 'RecordEmailSent'; messageId: string };

/** Each order once, in the order first named. */
function distinct(orders: readonly IncidentOrder[]): IncidentOrder[] {
  const seen = new Set<string>();
  return orders.filter((o) => !seen.has(o.orderId) && seen.add(o.orderId));
}

/**
 * An incident: a double sale of one variant the studio must settle. It opens naming the online
 * orders involved; while open, further counts below zero of the same variant fold into it (only
 * orders it does not name yet are added); it stays open until the studio resolves it with a note,
 * whatever the stall's counts do meanwhile. The email that tells the studio is recorded once.
 */
export const incidentDecider: Decider<IncidentState, IncidentCommand, IncidentEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'IncidentOpened': {
        return { status: 'open', ...event.data, emailed: false };
      }
      case 'IncidentOrdersAdded':
        return state.status === 'none' ? state : { ...state, orders: [...state.orders, ...event.data.orders], squareCount: event.data.squareCount };
      case 'IncidentResolved':
        return state.status === 'none' ? state : { ...state, status: 'resolved' };
      case 'IncidentEmailSent':
        return state.status === 'none' ? state : { ...state, emailed: true };
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'ReportOversell': {
        const { kind: _kind, orders, squareCount, ...incident } = command;
        if (state.status === 'none') {
          if (orders.length === 0) throw invalid('An incident names at least one online order.');
          return [{ type: 'IncidentOpened', data: { ...incident, kind: 'oversold', orders: distinct(orders), squareCount } }];
        }
        if (state.status === 'resolved') throw conflict('That incident was resolved already.', 'INCIDENT_RESOLVED', { incidentId: state.incidentId });
        if (state.variantId !== command.variantId) throw conflict(`Incident ${state.incidentId} is about ${state.variantId}, not ${command.variantId}.`);
        const named = new Set(state.orders.map((o) => o.orderId));
        const added = distinct(orders).filter((o) => !named.has(o.orderId));
        return added.length ? [{ type: 'IncidentOrdersAdded', data: { orders: added, squareCount } }] : [];
      }
      case 'Resolve': {
        if (state.status === 'none') throw notFound('There is no such incident.', 'INCIDENT_NOT_FOUND');
        if (state.status === 'resolved') throw conflict('That incident was resolved already.', 'INCIDENT_RESOLVED', { incidentId: state.incidentId });
        const note = command.note.trim();
        if (!note) throw invalid('Say how it was settled: the note must not be empty.', 'VALIDATION_FAILED');
        return [{ type: 'IncidentResolved', data: { note } }];
      }
      case 'RecordEmailSent':
        if (state.status === 'none') throw notFound('There is no such incident.', 'INCIDENT_NOT_FOUND');
        return state.emailed ? [] : [{ type: 'IncidentEmailSent', data: { messageId: command.messageId } }];
    }
  },
};

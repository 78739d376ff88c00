import type { DomainEvent } from '../platform/event-store/recorded-event';
import { streamKind, stringId } from '../platform/event-store/stream';

/** What went wrong: `oversold` is a web sale and a stall sale of the same units (Square's count went below zero). */
export type IncidentKind = 'oversold';

/** An online order an incident names: its id (the admin's order page) and the shop's number for it (DC-1001). */
export interface IncidentOrder {
  orderId: string;
  orderNumber: string;
}

/**
 * A double sale was detected on a variant: Square's count of it went below zero while online orders
 * had sold its units. `name` is the line's name when it opened ("Raven Hoodie, M"), `squareCount`
 * the count that showed it.
 */
export type IncidentOpened = DomainEvent<
  'IncidentOpened',
  { incidentId: string; kind: IncidentKind; productId: number; variantId: string; name: string; orders: IncidentOrder[]; squareCount: number }
>;
/** A later count below zero of the same variant, while the incident was open, named more orders (folded into it). */
export type IncidentOrdersAdded = DomainEvent<'IncidentOrdersAdded', { orders: IncidentOrder[]; squareCount: number }>;
/** The studio settled it (with the stall's buyer or the online one) and said how. */
export type IncidentResolved = DomainEvent<'IncidentResolved', { note: string }>;
/** The studio was told by email (once per incident). */
export type IncidentEmailSent = DomainEvent<'IncidentEmailSent', { messageId: string }>;

export type IncidentEvent = IncidentOpened | IncidentOrdersAdded | IncidentResolved | IncidentEmailSent;

export const INCIDENT_STREAM_TYPE = 'Incident';
export const incidentStream = streamKind(INCIDENT_STREAM_TYPE, 'incident-', stringId);

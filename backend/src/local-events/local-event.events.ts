import type { DomainEvent } from '../platform/event-store/recorded-event';
import { streamKind, stringId } from '../platform/event-store/stream';

/** What the home page says about one market or open-studio night. Times are ISO 8601 instants. */
export interface LocalEventDetails {
  title: string;
  startsAt: string;
  endsAt: string | null;
  place: string;
  address: string;
  mapUrl: string | null;
  note: string | null;
}

/** The studio put a market, fair or open-studio night on its calendar. */
export type LocalEventScheduled = DomainEvent<'LocalEventScheduled', { eventId: string } & LocalEventDetails>;
/** The studio corrected some of its details (only the fields that changed). */
export type LocalEventChanged = DomainEvent<'LocalEventChanged', { changes: Partial<LocalEventDetails> }>;
/** The studio took it off the calendar (cancelled, or entered by mistake). */
export type LocalEventRemoved = DomainEvent<'LocalEventRemoved', Record<string, never>>;

export type LocalEventEvent = LocalEventScheduled | LocalEventChanged | LocalEventRemoved;

export const LOCAL_EVENT_STREAM_TYPE = 'LocalEvent';
export const localEventStream = streamKind(LOCAL_EVENT_STREAM_TYPE, 'local-event-', stringId);

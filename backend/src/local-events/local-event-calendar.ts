import ical from 'ical-generator';
import type { LocalEventDto } from './local-events.responses';

/**
 * One event as an iCalendar file for "Add to calendar". Its UID is stable, so importing a
 * corrected copy updates the entry rather than adding a second one; times go as UTC instants.
 */
export function localEventCalendar(event: LocalEventDto, shopUrl: string): string {
  const calendar = ical({ name: 'The Dark Circle', prodId: { company: 'The Dark Circle', product: 'Shop', language: 'EN' } });
  calendar.createEvent({
    id: `local-event-${event.id}@darkcircle.shop`,
    start: new Date(event.startsAt),
    end: event.endsAt ? new Date(event.endsAt) : null,
    summary: `${event.title} · The Dark Circle`,
    location: { title: event.place, address: event.address },
    description: [event.note, `Map: ${event.mapUrl}`, `The shop: ${shopUrl}`].filter(Boolean).join('\n\n'),
    url: event.mapUrl,
  });
  return calendar.toString();
}

/** The download's file name: the title in lower-case words ("night-market.ics"). */
export function calendarFileName(title: string): string {
  const words = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${words || 'event'}.ics`;
}

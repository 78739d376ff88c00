import { apiUrl } from '../api/config';
import type { LocalEvent } from '@dark-circle/api-client';
import { calendarLeaf, eventWhen, useLocalEvents } from './local-events-api';

/** How many of the coming dates the home page shows. */
const SHOWN = 4;

/** "Where to find us": the next markets and open-studio nights, each with its map and calendar file. */
export function UpcomingEvents() {
  const { data: events, isError } = useLocalEvents();
  return (
    <div className="events" aria-labelledby="events-title" role="region">
      <h3 id="events-title" className="process__title">
        Where to Find Us
      </h3>
      {events && events.length > 0 ? (
        <ul className="events__list">
          {events.slice(0, SHOWN).map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </ul>
      ) : events || isError ? (
        <p className="events__empty">
          No dates on the calendar right now. New markets and open-studio nights go up here as soon as they are booked: check back next month, or join the newsletter to hear first.
        </p>
      ) : (
        <div className="events__placeholder" aria-hidden="true" />
      )}
    </div>
  );
}

function EventCard({ event }: { event: LocalEvent }) {
  const leaf = calendarLeaf(event);
  return (
    <li className="event-card" data-testid="local-event">
      <time className="event-card__leaf" dateTime={event.startsAt} aria-hidden="true">
        <span className="event-card__month">{leaf.month}</span>
        <span className="event-card__day">{leaf.day}</span>
      </time>
      <div className="event-card__body">
        <h4 className="event-card__title">{event.title}</h4>
        <p className="event-card__when">{eventWhen(event)}</p>
        <p className="event-card__where">
          {event.place}
          <br />
          {event.address}
        </p>
        {event.note && <p className="event-card__note">{event.note}</p>}
        <p className="event-card__actions">
          <a className="button button--ghost button--small" href={apiUrl(event.calendarUrl)} download aria-label={`Add ${event.title} to your calendar`}>
            Add to calendar
          </a>
          <a className="event-card__map" href={event.mapUrl} target="_blank" rel="noopener noreferrer" aria-label={`Map of ${event.place} (opens in a new tab)`}>
            Map
          </a>
        </p>
      </div>
    </li>
  );
}

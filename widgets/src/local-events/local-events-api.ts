import { useQuery } from '@tanstack/react-query';
import { ok, type LocalEvent } from '@dark-circle/api-client';
import { api } from '../api/client';

export const localEventsKey = ['/api/local-events'] as const;

/** The studio's coming markets and open-studio nights, soonest first (the server drops past ones). */
export function useLocalEvents() {
  return useQuery({
    queryKey: localEventsKey,
    queryFn: ({ signal }) => ok(api().GET('/api/local-events', { signal })),
    staleTime: 5 * 60_000,
  });
}

/** The parts of an event's date a calendar leaf shows ("DEC", "5"), in the studio's zone. */
export function calendarLeaf(event: Pick<LocalEvent, 'startsAt' | 'timeZone'>): { month: string; day: string } {
  const start = new Date(event.startsAt);
  return {
    month: start.toLocaleDateString('en-US', { month: 'short', timeZone: event.timeZone }),
    day: start.toLocaleDateString('en-US', { day: 'numeric', timeZone: event.timeZone }),
  };
}

/** "Sat, Dec 5, 6:00 PM – 10:00 PM" in the studio's zone (the end's date too when it runs into another day). */
export function eventWhen(event: Pick<LocalEvent, 'startsAt' | 'endsAt' | 'timeZone'>): string {
  const day = { weekday: 'short', month: 'short', day: 'numeric', timeZone: event.timeZone } as const;
  const time = { hour: 'numeric', minute: '2-digit', timeZone: event.timeZone } as const;
  const start = new Date(event.startsAt);
  const startText = `${start.toLocaleDateString('en-US', day)}, ${start.toLocaleTimeString('en-US', time)}`;
  if (!event.endsAt) return startText;
  const end = new Date(event.endsAt);
  const sameDay = end.toLocaleDateString('en-US', day) === start.toLocaleDateString('en-US', day);
  return `${startText} – ${sameDay ? '' : `${end.toLocaleDateString('en-US', day)}, `}${end.toLocaleTimeString('en-US', time)}`;
}

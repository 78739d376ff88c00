/** A `datetime-local` value ("2026-12-05T18:00") for an instant, in this browser's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The instant a `datetime-local` value names in this browser's zone, as ISO text; empty is none. */
export function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** This browser's zone ("America/New_York"): the form's times are in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Sat, Dec 5, 2026, 6:00 PM – 10:00 PM" in the studio's zone. */
export function formatWhen(event: { startsAt: string; endsAt: string | null; timeZone: string }): string {
  const options = { dateStyle: 'medium', timeStyle: 'short', timeZone: event.timeZone } as const;
  const start = new Date(event.startsAt).toLocaleString('en-US', options);
  if (!event.endsAt) return start;
  const sameDay = new Date(event.startsAt).toLocaleDateString('en-US', { timeZone: event.timeZone }) === new Date(event.endsAt).toLocaleDateString('en-US', { timeZone: event.timeZone });
  const end = sameDay ? new Date(event.endsAt).toLocaleTimeString('en-US', { timeStyle: 'short', timeZone: event.timeZone }) : new Date(event.endsAt).toLocaleString('en-US', options);
  return `${start} – ${end}`;
}

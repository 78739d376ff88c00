/** The wall clock of `timeZone` at an instant, as the parts of a date. */
function wallClock(at: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** How far `timeZone`'s clock is ahead of UTC at an instant, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value ("2026-10-31T00:00") for an instant, on the studio's clock. */
export function toStudioInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const w = wallClock(Date.parse(iso), timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant a `datetime-local` value names on the studio's clock, as ISO text; empty is none. */
export function fromStudioInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the guess, then at the instant it gives: right across a change of clocks.
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone)).toISOString();
}

/** "Oct 31, 2026, 12:00 AM" on the studio's clock. */
export const formatInZone = (iso: string, timeZone: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });

/** This browser's zone: the fallback when the shop has not said its own (no code listed yet). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

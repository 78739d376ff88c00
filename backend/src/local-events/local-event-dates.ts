/** The calendar day (YYYY-MM-DD) of a moment in `timeZone`; `en-CA` writes dates in that order. */
const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * Whether an event is over and drops off the home page: at its end, or, when it gave none, once
 * its day is over in the studio's zone (a market that starts at six is still on at eight).
 */
export function isOver(event: { startsAt: Date; endsAt?: Date | null }, now: Date, timeZone: string): boolean {
  if (event.endsAt) return event.endsAt.getTime() <= now.getTime();
  return dayIn(timeZone, event.startsAt) < dayIn(timeZone, now);
}

/** No event lasts past a day after it starts unless it says so: the database narrows on this, `isOver` decides. */
export const LONGEST_UNENDED_MS = 24 * 3600 * 1000;

/**
 * When an event is, in words and in the studio's zone: "Sat, Dec 5, 6:00 PM – 11:00 PM", or with
 * both dates when it runs past midnight into another day.
 */
export function localEventWhen(event: { startsAt: string; endsAt: string | null; timeZone: string }): string {
  const day = { weekday: 'short', month: 'short', day: 'numeric', timeZone: event.timeZone } as const;
  const time = { hour: 'numeric', minute: '2-digit', timeZone: event.timeZone } as const;
  const start = new Date(event.startsAt);
  const startText = `${start.toLocaleDateString('en-US', day)}, ${start.toLocaleTimeString('en-US', time)}`;
  if (!event.endsAt) return startText;
  const end = new Date(event.endsAt);
  const sameDay = end.toLocaleDateString('en-US', day) === start.toLocaleDateString('en-US', day);
  const endText = sameDay ? end.toLocaleTimeString('en-US', time) : `${end.toLocaleDateString('en-US', day)}, ${end.toLocaleTimeString('en-US', time)}`;
  return `${startText} – ${endText}`;
}

import { isOver } from './local-event-dates';

describe('isOver', () => {
  const at = (iso: string) => new Date(iso);

  it('is over at its end', () => {
    const event = { startsAt: at('2026-12-05T23:00:00Z'), endsAt: at('2026-12-06T04:00:00Z') };
    expect(isOver(event, at('2026-12-06T03:59:59Z'), 'UTC')).toBe(false);
    expect(isOver(event, at('2026-12-06T04:00:00Z'), 'UTC')).toBe(true);
  });

  it('without an end, stays on through its day in the studio zone', () => {
    // 18:00 in New York on 5 December is 23:00 UTC; the day there ends at 05:00 UTC on the 6th.
    const event = { startsAt: at('2026-12-05T23:00:00Z'), endsAt: null };
    expect(isOver(event, at('2026-12-06T04:59:00Z'), 'America/New_York')).toBe(false);
    expect(isOver(event, at('2026-12-06T05:00:00Z'), 'America/New_York')).toBe(true);
    expect(isOver(event, at('2026-12-06T00:00:00Z'), 'UTC')).toBe(true);
  });
});

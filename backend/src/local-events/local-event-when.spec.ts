import { localEventWhen } from './local-event-when';

describe('localEventWhen', () => {
  const ny = 'America/New_York';

  it('gives the day and the times in the studio zone', () => {
    expect(localEventWhen({ startsAt: '2026-12-05T23:00:00Z', endsAt: '2026-12-06T03:30:00Z', timeZone: ny })).toBe('Sat, Dec 5, 6:00 PM – 10:30 PM');
  });

  it('names the end day when the event runs into another one', () => {
    expect(localEventWhen({ startsAt: '2026-12-05T23:00:00Z', endsAt: '2026-12-06T06:00:00Z', timeZone: ny })).toBe('Sat, Dec 5, 6:00 PM – Sun, Dec 6, 1:00 AM');
  });

  it('gives the start alone when no end was set', () => {
    expect(localEventWhen({ startsAt: '2026-12-05T23:00:00Z', endsAt: null, timeZone: 'UTC' })).toBe('Sat, Dec 5, 11:00 PM');
  });
});

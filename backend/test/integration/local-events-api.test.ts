import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { AdminClient } from '../support/admin-client';
import { waitForMail } from '../support/mailbox';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await startTestApp({ SHOP_TIME_ZONE: 'America/New_York' });
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const inDays = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();
const market = (overrides: Record<string, unknown> = {}) => ({
  title: 'Night Market',
  startsAt: inDays(10),
  endsAt: inDays(10, 5),
  place: 'The Old Mill',
  address: '12 Mill Lane, Salem, MA 01970',
  ...overrides,
});
const publicList = async () => (await t.http.get('/api/local-events').expect(200)).body as { id: string; title: string }[];

describe('the studio keeps its calendar in the admin', () => {
  it('adds an event that the home page lists, with a map link and its calendar file', async () => {
    const created = await admin.post('/api/admin/local-events', market({ note: 'Bring cash for the raffle.' }));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Night Market',
      startsAt: expect.any(String),
      endsAt: expect.any(String),
      timeZone: 'America/New_York',
      place: 'The Old Mill',
      address: '12 Mill Lane, Salem, MA 01970',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=The%20Old%20Mill%2C%2012%20Mill%20Lane%2C%20Salem%2C%20MA%2001970',
      calendarUrl: `/api/local-events/${created.body.id}.ics`,
      note: 'Bring cash for the raffle.',
      past: false,
    });
    const listed = await publicList();
    const { past: _past, ...shown } = created.body;
    expect(listed).toContainEqual(shown);
  });

  it('lists the coming ones soonest first; past ones drop off the home page but stay in the admin', async () => {
    const later = await admin.post('/api/admin/local-events', market({ title: 'Oddities Fair', startsAt: inDays(30), endsAt: null }));
    const sooner = await admin.post('/api/admin/local-events', market({ title: 'Open Studio', startsAt: inDays(2), endsAt: inDays(2, 3) }));
    const over = await admin.post('/api/admin/local-events', market({ title: 'Last Month', startsAt: inDays(-30), endsAt: inDays(-30, 4) }));
    const endedAnHourAgo = await admin.post('/api/admin/local-events', market({ title: 'Just Ended', startsAt: inDays(0, -3), endsAt: inDays(0, -1) }));
    const ongoing = await admin.post('/api/admin/local-events', market({ title: 'On Now', startsAt: inDays(0, -1), endsAt: inDays(0, 2) }));

    const titles = (await publicList()).map((e) => e.title);
    expect(titles).toEqual(['On Now', 'Open Studio', 'Night Market', 'Oddities Fair']);

    const all = (await admin.get('/api/admin/local-events')).body as { id: string; past: boolean }[];
    const past = (id: string) => all.find((e) => e.id === id)?.past;
    expect([past(later.body.id), past(sooner.body.id), past(ongoing.body.id)]).toEqual([false, false, false]);
    expect([past(over.body.id), past(endedAnHourAgo.body.id)]).toEqual([true, true]);
    // The coming dates first, then the past ones, most recent first.
    expect(all.map((e) => e.past)).toEqual([false, false, false, false, true, true]);
    expect(all.slice(-2).map((e) => e.id)).toEqual([endedAnHourAgo.body.id, over.body.id]);
  });

  it('corrects an event and takes it off the calendar', async () => {
    const { body: event } = await admin.post('/api/admin/local-events', market({ title: 'Pop-up', startsAt: inDays(5), endsAt: null, mapUrl: 'https://maps.example/mill' }));
    const changed = await admin.patch(`/api/admin/local-events/${event.id}`, { place: 'The New Mill', mapUrl: null, endsAt: inDays(5, 2) });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ title: 'Pop-up', place: 'The New Mill', mapUrl: expect.stringContaining('The%20New%20Mill'), endsAt: expect.any(String) });
    expect((await publicList()).find((e) => e.id === event.id)).toMatchObject({ place: 'The New Mill' });

    expect((await admin.call('DELETE', `/api/admin/local-events/${event.id}`)).status).toBe(204);
    expect((await publicList()).map((e) => e.id)).not.toContain(event.id);
    // A second press of Remove is done already.
    expect((await admin.call('DELETE', `/api/admin/local-events/${event.id}`)).status).toBe(204);
    expect((await admin.patch(`/api/admin/local-events/${event.id}`, { title: 'Back' })).body).toMatchObject({ code: 'LOCAL_EVENT_NOT_FOUND' });
    expect((await t.http.get(`/api/local-events/${event.id}.ics`)).status).toBe(404);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = (await admin.get('/api/admin/local-events')).body.length;
    const refused = async (body: unknown, message: RegExp) => {
      const res = await admin.post('/api/admin/local-events', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(message) });
    };
    await refused(market({ title: '' }), /title is required/);
    await refused(market({ startsAt: 'next friday' }), /startsAt must be a date and time/);
    await refused(market({ startsAt: '2026-12-05T18:00:00' }), /startsAt must be a date and time/);
    await refused(market({ endsAt: inDays(9) }), /must end after it starts/);
    await refused(market({ mapUrl: 'http://maps.example/mill' }), /mapUrl must be an https address/);
    await refused(market({ mapUrl: 'javascript:alert(1)' }), /mapUrl must be an https address/);
    await refused(market({ place: 'Mill\u0000' }), /place must not contain control characters/);
    await refused({ title: 'Only a title' }, /startsAt/);
    expect((await admin.get('/api/admin/local-events')).body.length).toBe(before);

    const { body: event } = await admin.post('/api/admin/local-events', market());
    expect((await admin.patch(`/api/admin/local-events/${event.id}`, {})).body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Give at least one field to change.' });
    expect((await admin.patch(`/api/admin/local-events/${event.id}`, { startsAt: inDays(11) })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The event must end after it starts.',
    });
    expect((await admin.patch('/api/admin/local-events/not-a-uuid', { title: 'x' })).status).toBe(400);
    expect((await admin.patch('/api/admin/local-events/00000000-0000-4000-8000-000000000000', { title: 'x' })).status).toBe(404);
    expect((await admin.call('DELETE', '/api/admin/local-events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it("is the studio's alone: a visitor can neither read the admin list nor change it", async () => {
    const visitor = AdminClient.anonymous(t.baseUrl);
    expect((await visitor.get('/api/admin/local-events')).status).toBe(401);
    expect((await visitor.post('/api/admin/local-events', market())).status).toBe(401);
  });
});

describe('GET /api/local-events/{id}.ics', () => {
  it('is one event a calendar app can import', async () => {
    const { body: event } = await admin.post(
      '/api/admin/local-events',
      market({ title: 'Witching Hour, Market', startsAt: '2027-01-08T23:00:00-05:00', endsAt: '2027-01-09T03:30:00-05:00', note: 'Costumes welcome; 18+' }),
    );
    const res = await t.http.get(`/api/local-events/${event.id}.ics`).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="witching-hour-market.ics"');
    const ics = res.text.replace(/\r\n /g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain(`UID:local-event-${event.id}@darkcircle.shop\r\n`);
    expect(ics).toContain('DTSTART:20270109T040000Z\r\n');
    expect(ics).toContain('DTEND:20270109T083000Z\r\n');
    // Commas and semicolons are escaped as iCalendar asks.
    expect(ics).toContain('SUMMARY:Witching Hour\\, Market · The Dark Circle\r\n');
    expect(ics).toContain('Costumes welcome\\; 18+');
    expect(ics).toMatch(/LOCATION:The Old Mill\\n12 Mill Lane\\, Salem\\, MA 01970\r\n/);
    expect(ics).toMatch(/END:VEVENT\r\nEND:VCALENDAR/);
    expect((await t.http.get('/api/local-events/not-a-uuid.ics')).status).toBe(400);
  });
});

describe('the newsletter welcome email', () => {
  it('lists the next markets, soonest first, with their calendar files', async () => {
    const { body: fair } = await admin.post('/api/admin/local-events', market({ title: 'Midwinter Fair', startsAt: inDays(1), endsAt: inDays(1, 4) }));
    await t.http.post('/api/newsletter/subscribe').send({ email: 'moth@example.com', name: null }).expect(200);
    await t.app.get(OutboxRelay).tick();
    const mail = await waitForMail(t.dataDir, (m) => m.to.includes('moth@example.com'));
    expect(mail.raw).toMatch(/Meet us in person/i);
    expect(mail.raw).toContain('Midwinter Fair');
    expect(mail.raw).toContain(`/api/local-events/${fair.id}.ics`);
    // The soonest first, and past or removed ones never.
    expect(mail.raw.indexOf('Midwinter Fair')).toBeLessThan(mail.raw.indexOf('Open Studio'));
    expect(mail.raw).not.toContain('Last Month');
  });
});

import { NewsletterService } from '../../src/newsletter/newsletter.service';
import { subscriberIdOf } from '../../src/newsletter/subscriber-identity';
import { systemContext } from '../../src/platform/context/request-context';
import { AdminClient } from '../support/admin-client';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
let admin: AdminClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await AdminClient.signIn(t.baseUrl);
  const newsletter = t.app.get(NewsletterService);
  const join = (email: string, name: string | null) => newsletter.subscribe(email, name, systemContext());
  await join('raven@example.com', 'Raven Black');
  await join('crow@example.com', null);
  await join('moth@example.org', 'Luna Moth');
  // Names a spreadsheet would run as formulas, and one that needs quoting.
  await join('formula@example.com', '=HYPERLINK("http://evil.example","click")');
  await join('plus@example.com', '+1 555 0100');
  await join('comma@example.com', 'Vlad, the "Impaler"');
  await join('left@example.com', 'Gone Away');
  await newsletter.unsubscribe(subscriberIdOf('left@example.com'), systemContext());
  for (let i = 0; i < 25; i++) await join(`bat${String(i).padStart(2, '0')}@colony.test`, `Bat ${i}`);
});
afterAll(() => t?.close());

describe('GET /api/admin/subscribers', () => {
  it('pages everyone who joined, newest first, those who left marked so', async () => {
    const first = await admin.get('/api/admin/subscribers?pageSize=10');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 32, page: 1, pageSize: 10 });
    expect(first.body.subscribers).toHaveLength(10);
    const last = await admin.get('/api/admin/subscribers?pageSize=10&page=4');
    expect(last.body).toMatchObject({ total: 32, page: 4, pageSize: 10 });
    expect(last.body.subscribers).toHaveLength(2);

    const all = await admin.get('/api/admin/subscribers?pageSize=100');
    const emails = all.body.subscribers.map((s: { email: string }) => s.email);
    expect(new Set(emails).size).toBe(32);
    const joined = all.body.subscribers.map((s: { joinedAt: string }) => s.joinedAt);
    expect(joined).toEqual([...joined].sort().reverse());
    expect(all.body.subscribers.find((s: { email: string }) => s.email === 'left@example.com')).toEqual({
      email: 'left@example.com',
      name: 'Gone Away',
      subscribed: false,
      joinedAt: expect.any(String),
      leftAt: expect.any(String),
    });
  });

  it('searches the email and the name, in any case; % and _ are matched as themselves', async () => {
    const byName = await admin.get('/api/admin/subscribers?search=MOTH');
    expect(byName.body.subscribers.map((s: { email: string }) => s.email)).toEqual(['moth@example.org']);
    const byEmail = await admin.get('/api/admin/subscribers?search=example.org');
    expect(byEmail.body).toMatchObject({ total: 1, subscribers: [{ email: 'moth@example.org', name: 'Luna Moth', subscribed: true, leftAt: null }] });
    const colony = await admin.get('/api/admin/subscribers?search=colony&pageSize=5&page=2');
    expect(colony.body).toMatchObject({ total: 25, page: 2, pageSize: 5 });
    expect(colony.body.subscribers).toHaveLength(5);
    expect((await admin.get('/api/admin/subscribers?search=%25')).body.total).toBe(0);
    expect((await admin.get('/api/admin/subscribers?search=_')).body.total).toBe(0);
  });

  it('refuses a page or size that is not a whole number in range with a 400', async () => {
    for (const query of ['page=0', 'page=x', 'pageSize=101', 'pageSize=1.5']) {
      const res = await admin.get(`/api/admin/subscribers?${query}`);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('GET /api/admin/subscribers.csv', () => {
  it('downloads who is subscribed now as a CSV attachment, quoted, formula cells defused', async () => {
    const res = await admin.jar.fetch(`${t.baseUrl}/api/admin/subscribers.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="subscribers-${today}.csv"`);
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('email,name,joined_at');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(31);
    expect(rows.some((r) => r.startsWith('left@example.com'))).toBe(false);
    expect(rows).toContainEqual(expect.stringMatching(/^raven@example\.com,Raven Black,\d{4}-\d\d-\d\dT/));
    expect(rows).toContainEqual(expect.stringMatching(/^crow@example\.com,,\d{4}-/));
    expect(rows).toContainEqual(expect.stringMatching(/^formula@example\.com,"'=HYPERLINK\(""http:\/\/evil\.example"",""click""\)",/));
    expect(rows).toContainEqual(expect.stringMatching(/^plus@example\.com,'\+1 555 0100,/));
    expect(rows).toContainEqual(expect.stringMatching(/^comma@example\.com,"Vlad, the ""Impaler""",/));
  });

  it('narrows to the search', async () => {
    const res = await admin.jar.fetch(`${t.baseUrl}/api/admin/subscribers.csv?search=raven`);
    expect((await res.text()).split('\r\n')).toEqual(['email,name,joined_at', expect.stringMatching(/^raven@example\.com,Raven Black,/), '']);
  });

  it('is for admins only: 401 signed out, 403 for a shopper', async () => {
    const shopper = await AdminClient.signIn(t.baseUrl, 'shopper@example.com');
    for (const path of ['/api/admin/subscribers', '/api/admin/subscribers.csv']) {
      expect((await AdminClient.anonymous(t.baseUrl).get(path)).status).toBe(401);
      const refused = await shopper.get(path);
      expect({ path, status: refused.status, code: refused.body.code }).toEqual({ path, status: 403, code: 'NOT_ADMIN' });
    }
  });
});

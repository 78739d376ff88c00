import { JobHandlers } from '../../src/platform/jobs/job-handlers';
import { AdminClient } from '../support/admin-client';
import { observeQueue, QueueObserver } from '../support/queue-observer';
import { startTestApp, TestApp } from '../support/test-app';

/** Bull Board at /admin/queues: behind the admin guard, failed jobs shown with their error and retried from there. */
let t: TestApp;
let observer: QueueObserver;

beforeAll(async () => {
  t = await startTestApp();
  observer = observeQueue(t, 'email');
});
afterAll(async () => {
  await observer.close();
  await t.close();
});

const eventually = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((r) => setTimeout(r, 100));
};

it('refuses anyone but an admin, in the one error body', async () => {
  const anonymous = await AdminClient.anonymous(t.baseUrl).get('/admin/queues');
  expect(anonymous).toMatchObject({ status: 401, body: { statusCode: 401, code: 'SIGN_IN_REQUIRED', correlationId: expect.any(String) } });
  const shopper = await AdminClient.signIn(t.baseUrl, 'shopper@example.com');
  expect(await shopper.get('/admin/queues/api/queues')).toMatchObject({ status: 403, body: { code: 'NOT_ADMIN' } });
});

it('serves the dashboard page to an admin, under the shop’s Content-Security-Policy, without the typeface it would refuse', async () => {
  const admin = await AdminClient.signIn(t.baseUrl);
  const page = await admin.jar.fetch(`${t.baseUrl}/admin/queues`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  const html = await page.text();
  expect(html).toContain('<base href="/admin/queues/"');
  expect(html).not.toContain('fonts.googleapis.com');
  const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  expect((await admin.jar.fetch(`${t.baseUrl}/admin/queues/${script}`)).status).toBe(200);
});

it('shows a failed job with its error, and retries it (only from the shop’s own pages)', async () => {
  let fail = true;
  t.app.get(JobHandlers).handle('email', 'flaky', async () => {
    if (fail) throw new Error('the mail server said no');
    return 'sent';
  });
  const job = await observer.queue.add('flaky', {}, { jobId: 'flaky-1' });
  await eventually(async () => (await observer.queue.getJobState(job.id!)) === 'failed');

  const admin = await AdminClient.signIn(t.baseUrl);
  const listed = await admin.get('/admin/queues/api/queues?activeQueue=email&status=failed&page=1&jobsPerPage=10');
  expect(listed.status).toBe(200);
  const email = listed.body.queues.find((q: { name: string }) => q.name === 'email');
  expect(listed.body.queues.map((q: { name: string }) => q.name).sort()).toEqual(['checkout', 'email', 'pictures', 'recovery', 'square']);
  expect(email.jobs).toEqual([expect.objectContaining({ id: 'flaky-1', name: 'flaky', failedReason: 'the mail server said no' })]);

  const foreign = await admin.call('PUT', '/admin/queues/api/queues/email/flaky-1/retry', undefined, { origin: 'https://evil.example' });
  expect(foreign).toMatchObject({ status: 403, body: { code: 'ORIGIN_REFUSED' } });
  expect(await observer.queue.getJobState(job.id!)).toBe('failed');

  fail = false;
  expect((await admin.put('/admin/queues/api/queues/email/flaky-1/retry')).status).toBeLessThan(300);
  await eventually(async () => (await observer.queue.getJobState(job.id!)) === 'completed');
  expect((await observer.queue.getJob(job.id!))?.returnvalue).toBe('sent');
});

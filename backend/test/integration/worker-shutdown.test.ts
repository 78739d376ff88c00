import { JobHandlers } from '../../src/platform/jobs/job-handlers';
import { observeQueue, REDIS_PORT } from '../support/queue-observer';
import { startTestApp } from '../support/test-app';
import { TcpProxy } from '../support/tcp-proxy';

/**
 * Closing the worker (what SIGTERM does): the @nestjs/bullmq processors finish their active job
 * when Redis answers, and the close never hangs when Redis is away or hanging.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('finishes the active job before closing, and the job is recorded as completed', async () => {
  const t = await startTestApp();
  const observer = observeQueue(t, 'email');
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  let finished = false;
  t.app.get(JobHandlers).handle('email', 'slow', async () => {
    started();
    await sleep(1500);
    finished = true;
    return 'done';
  });
  const job = await observer.queue.add('slow', {}, { jobId: 'slow-1' });
  await running;

  await t.close();
  expect(finished).toBe(true);
  expect(await observer.queue.getJobState(job.id!)).toBe('completed');
  expect((await observer.queue.getJob(job.id!))?.returnvalue).toBe('done');
  await observer.close();
});

describe.each([
  ['away (connections refused)', async (proxy: TcpProxy) => proxy.down()],
  ['hanging (connections accepted, nothing answered)', async (proxy: TcpProxy) => (await proxy.down(), await proxy.up({ stalled: true }))],
])('with Redis %s', (_, cut) => {
  it('closes within a few seconds, though a job was under way (its completion can never reach Redis)', async () => {
    const proxy = new TcpProxy('127.0.0.1', REDIS_PORT);
    const port = await proxy.reserve();
    await proxy.up();
    const t = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    const observer = observeQueue(t, 'email');
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    t.app.get(JobHandlers).handle('email', 'slow', async () => (started(), await sleep(1000)));
    await observer.queue.add('slow', {});
    await running;
    await cut(proxy);

    const closing = Date.now();
    await t.close();
    expect(Date.now() - closing).toBeLessThan(8000);
    await proxy.down();
    await observer.close();
  });
});

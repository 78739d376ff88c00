import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { cartEvents, EVERY_STEP, FAST_RECOVERY, leftCart, until } from '../support/recovery-fixtures';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The worker as it runs in production (`dist/worker.js`, its own process) is killed outright in the
 * middle of a sequence; a new worker process takes the remaining steps from Redis, each once.
 */
let api: TestApp;
let inbox: SmtpInbox;
const workers: ChildProcess[] = [];
const env = () => ({ ...FAST_RECOVERY, ...EVERY_STEP, SMTP_URL: inbox.url });

beforeAll(async () => {
  inbox = await startSmtpInbox();
  api = await startTestApp(env(), { worker: false });
});
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await api.close();
  await inbox.close();
});

function startWorker(): ChildProcess {
  const worker = fork(join(__dirname, '../../dist/worker.js'), [], {
    env: {
      ...process.env,
      ...api.squareEnv,
      ...env(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: api.databaseUrl,
      DATA_DIR: api.dataDir,
      QUEUE_PREFIX: api.queuePrefix,
      GOOGLE_EMULATOR_PORT: '0',
    },
    stdio: 'ignore',
  });
  workers.push(worker);
  return worker;
}

const sentSteps = async (cartId: string) => (await cartEvents(api, cartId)).filter((e) => e.type === 'RecoveryEmailSent').map((e) => e.data.step);

it('resumes after a kill with one email per step', async () => {
  const first = startWorker();
  const cart = await leftCart(api, 'killed@example.com');
  // Killed once the first email is recorded, with the later steps still waiting as delayed jobs.
  await until(async () => (await sentSteps(cart.id)).length === 1, 'the first email', 20_000);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));

  startWorker();
  await until(async () => (await sentSteps(cart.id)).length === 3, 'the third email', 30_000);

  expect(await sentSteps(cart.id)).toEqual([1, 2, 3]);
  await until(async () => inbox.received.length >= 3, 'three messages at the SMTP server', 10_000);
  expect(inbox.received.map((m) => m.to)).toEqual(['killed@example.com', 'killed@example.com', 'killed@example.com']);
  expect((await cartEvents(api, cart.id)).filter((e) => e.type === 'CartAbandoned')).toHaveLength(1);
});

import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startTestApp, TestApp } from '../support/test-app';
import { freePort } from '../support/free-port';

/** The built API as `npm start` runs it, at the default log level, with its stdout captured. */
let t: TestApp;
let api: ChildProcess;
let url: string;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const port = await freePort();
  api = fork(join(__dirname, '../../dist/main.js'), [], {
    env: {
      ...process.env,
      ...t.squareEnv,
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.dataDir,
      QUEUE_PREFIX: t.queuePrefix,
      SEED_DEMO_CATALOG: 'false',
      LOG_LEVEL: '',
    },
    stdio: ['ignore', 'pipe', 'ignore', 'ipc'],
  });
  let rest = '';
  api.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString('utf8');
    const complete = text.split('\n');
    rest = complete.pop()!;
    for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line));
  });
  url = `http://127.0.0.1:${port}`;
  for (
    let i = 0;
    i < 600 &&
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => {
  api?.kill('SIGKILL');
  await t.close();
});

async function lineFor(correlationId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const found = lines.find((l) => l.correlationId === correlationId && 'status' in l);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no access log line for ${correlationId}`);
}

describe('the access log at the default level', () => {
  it('writes one line per request with method, path (no query), status, time and correlation id', async () => {
    await fetch(`${url}/api/shipping/rates?total=10.00&zipCode=10001`, { headers: { 'x-correlation-id': 'log-test-1' } });

    const line = await lineFor('log-test-1');

    expect(line).toMatchObject({ level: 30, method: 'GET', path: '/api/shipping/rates', status: 200, correlationId: 'log-test-1' });
    expect(typeof line.ms).toBe('number');
    expect(lines.filter((l) => l.correlationId === 'log-test-1')).toHaveLength(1);
  });

  it('logs refused requests with their status', async () => {
    await fetch(`${url}/api/products/not-a-number`, { headers: { 'x-correlation-id': 'log-test-2' } });

    expect(await lineFor('log-test-2')).toMatchObject({ method: 'GET', path: '/api/products/not-a-number', status: 400 });
  });
});

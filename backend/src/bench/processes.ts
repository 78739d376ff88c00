import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

/** Starts the built API in its own process (the load generator must not share its event loop). */
export async function startApi(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = fork(join(__dirname, '..', 'main.js'), [], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', OUTBOX_RELAY_INTERVAL_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  return child;
}

export async function startBareServer(bodyFile: string, port: number, headers: Record<string, string>, status = 200): Promise<ChildProcess> {
  const child = fork(join(__dirname, 'bare-server.js'), [bodyFile, String(port)], {
    env: { ...process.env, BENCH_HEADERS: JSON.stringify(headers), BENCH_STATUS: String(status) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return child;
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

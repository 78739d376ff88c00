import { ChildProcess, fork } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import type { ProbeReport } from './loop-probe';

/**
 * Starts the shop as `npm start` runs it (API and worker in one process, the default log level,
 * its log written to `logFile`), in its own process: the load generator must not share its event loop.
 */
export async function startShop(env: Record<string, string>, port: number, logFile: string): Promise<ChildProcess> {
  const { LOG_LEVEL: _level, OUTBOX_RELAY_INTERVAL_MS: _relay, ...inherited } = process.env;
  const child = fork(join(__dirname, '..', 'start.js'), [], {
    env: { ...inherited, ...env, PORT: String(port) },
    // The bench's probe of the shop's event loop and GC (see loop-probe.ts), loaded before the shop.
    execArgv: [...process.execArgv, '-r', join(__dirname, 'loop-probe.js')],
    stdio: ['ignore', openSync(logFile, 'a'), 'inherit', 'ipc'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  return child;
}

/** Runs `work` while the probe preloaded into `child` watches its event loop and GC; both answers. */
export async function probed<T>(child: ChildProcess, work: () => Promise<T>): Promise<{ result: T; probe: ProbeReport }> {
  child.send('probe:start');
  const result = await work();
  const probe = new Promise<ProbeReport>((resolve) => {
    const heard = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('probe' in message)) return;
      child.off('message', heard);
      resolve((message as { probe: ProbeReport }).probe);
    };
    child.on('message', heard);
  });
  child.send('probe:stop');
  return { result, probe: await probe };
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

/** Resolves when `url` answers 200; rejects when `child` exits first or after two minutes (a loaded machine). */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
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

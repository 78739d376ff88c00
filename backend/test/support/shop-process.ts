import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './free-port';

const DIST = resolve(__dirname, '../../dist');
/** How much of a process's output a failure message carries (its end, where the reason is). */
const OUTPUT_SHOWN = 8_000;

export interface ShopProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** What the process wrote to stderr (its start-up failure, if any). */
  stderr(): string;
  /** Everything it wrote, stdout and stderr interleaved (its log, at the LOG_LEVEL it was given). */
  output(): string;
  /** Resolves when `path` (default /api/health) answers 200; rejects, with the process's output, when it exits first or the time runs out. */
  up(timeoutMs?: number, path?: string): Promise<void>;
  exited: Promise<number | null>;
  kill(): void;
}

/**
 * A built entry point (`main.js`, `worker.js`, `migrate`…) of the shop in a process of its own, on a
 * free port (or `env.PORT`). Its output is kept (LOG_LEVEL silent unless `env` says otherwise) and
 * shown when it fails to come up.
 */
export async function startShopProcess(env: Record<string, string>, entry = 'main.js'): Promise<ShopProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [resolve(DIST, entry)], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      SQUARE_EMULATOR_PORT: '0',
      GOOGLE_EMULATOR_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => ((stderr += chunk), (output += chunk)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  const shown = () => `\n--- ${entry} on port ${port}, its output's end ---\n${output.slice(-OUTPUT_SHOWN).trim()}`;
  return {
    child,
    url,
    port,
    stderr: () => stderr,
    output: () => output,
    exited,
    async up(timeoutMs = 60_000, path = '/api/health') {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${entry} exited with ${child.exitCode ?? child.signalCode}${shown()}`);
        if (
          await fetch(`${url}${path}`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${entry} did not answer ${path} within ${timeoutMs} ms${shown()}`);
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

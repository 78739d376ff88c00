import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { TcpProxy } from './tcp-proxy';

const DIST = resolve(__dirname, '../../dist');

export interface ShopProcess {
  child: ChildProcess;
  url: string;
  /** What the process wrote to stderr (its start-up failure, if any). */
  stderr(): string;
  /** Resolves when /api/health answers 200; rejects when the process exits first. */
  up(timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
  kill(): void;
}

/** A built entry point (`main.js`, `migrate`…) of the shop in a process of its own, on a free port. */
export async function startShopProcess(env: Record<string, string>, entry = 'main.js'): Promise<ShopProcess> {
  const port = await new TcpProxy('127.0.0.1', 0).reserve();
  const child = spawn(process.execPath, [resolve(DIST, entry)], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: String(port), SQUARE_EMULATOR_PORT: '0', GOOGLE_EMULATOR_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    url,
    stderr: () => stderr,
    exited,
    async up(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}: ${stderr.trim()}`);
        if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${entry} did not come up: ${stderr.trim()}`);
    },
    kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

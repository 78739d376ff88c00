import { createServer } from 'node:net';

/**
 * Ports handed out below the kernel's ephemeral range (32768 and up on Linux), one block per jest
 * worker. A port found free by binding port 0 and closing it is free only until someone else binds
 * 0: another test file running at the same time, or a server of this one, may get it before the
 * process it was meant for starts. Nothing binds 0 below the ephemeral range, and each worker keeps
 * to its own block, so a port from here stays free until it is used.
 */
const FIRST = 20_000;
const BLOCK = 1_500;
const block = FIRST + (Math.max(0, Number(process.env.JEST_WORKER_ID ?? 1) - 1) % 8) * BLOCK;
// Where in the block this process starts: two jest runs at once (a second terminal) rarely meet.
let offset = process.pid % BLOCK;

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A port on 127.0.0.1 that nothing listens on, not handed out before in this process. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < BLOCK; tries++) {
    const port = block + (offset++ % BLOCK);
    if (await bindable(port)) return port;
  }
  throw new Error('No free port left in this worker’s block');
}

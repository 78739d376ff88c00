import type { INestApplication } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Readiness } from '../platform/health/readiness';

/**
 * Closes the process gracefully on SIGTERM/SIGINT: the app first (HTTP stops accepting, workers
 * finish their active job, the relay its batch), then what it stood on (the embedded database).
 */
export function closeOnSignal(...closers: (() => Promise<void>)[]): void {
  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: closing`);
    for (const closer of closers) await closer().catch((e) => console.error(e));
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

/**
 * Drains, stops taking requests and lets the ones under way finish, then closes everything else.
 * For `drainMs` first the process keeps serving while readiness and health answer 503, so a load
 * balancer stops sending it requests before its listener closes (a connection opened after that
 * would be refused). Nest's own `close()` shuts the modules (the database pool, the queues) down
 * before the HTTP server, so a request still running at SIGTERM would lose its database and answer 500.
 */
export async function closeGracefully(app: INestApplication, drainMs: number): Promise<void> {
  app.get(Readiness).drain();
  if (drainMs > 0) await sleep(drainMs);
  await app.getHttpAdapter().close();
  await app.close();
}

import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import type { TestApp } from './test-app';
import { until } from './until';

/** Moves the app's outbox to its queues until `done` holds (the app's own worker runs the jobs). */
export async function relayUntil(t: TestApp, done: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const relay = t.app.get(OutboxRelay);
  await until(async () => {
    await relay.tick();
    return done();
  }, ms);
}

import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { QueueRegistry } from '../../src/platform/outbox/queue.registry';
import { sql } from './shop-fixtures';
import type { TestApp } from './test-app';

/**
 * Relays the outbox until every picture a sync asked for is copied (or found not to be a picture)
 * and the jobs that bring its items over again have run. A sync of the emulator's catalogue (whose
 * demo items have pictures) starts that work in the background: a test that counts events, or reads
 * a product's last event, after relaying waits for it first.
 */
export async function picturesCopied(t: TestApp, ms = 90_000): Promise<void> {
  const relay = t.app.get(OutboxRelay);
  const queues = t.app.get(QueueRegistry);
  const deadline = Date.now() + ms;
  for (;;) {
    await relay.tick();
    const [{ n: pending }] = await sql<{ n: number }>(t, 'select count(*)::int as n from square_pictures where picture is null and not failed');
    const [{ n: unsent }] = await sql<{ n: number }>(t, "select count(*)::int as n from outbox where job_name = 'square-picture-copy' and sent_at is null and dead_at is null");
    const copying = await queues.get('pictures').getJobCountByTypes('active', 'waiting', 'delayed');
    const applying = (await queues.get('square').getJobs(['active', 'waiting', 'delayed'])).filter((job) => job?.name === 'square-picture-apply').length;
    if (pending + unsent + copying + applying === 0) return;
    if (Date.now() > deadline) throw new Error(`pictures still being copied after ${ms} ms: ${pending} to copy, ${unsent + copying} jobs, ${applying} to apply`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

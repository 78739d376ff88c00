import { stepJobId } from '../../src/recovery/recovery-sequence.job';
import { createScratchDatabase } from '../../src/platform/database/scratch-database';
import { observeQueue } from '../support/queue-observer';
import { cartEvents, EVERY_STEP, FAST_RECOVERY, leftCart, OFFSETS_MS, until } from '../support/recovery-fixtures';
import { startSmtpInbox } from '../support/smtp-inbox';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Two workers on one database and one Redis, emailing through a real SMTP server: the idle cart is
 * abandoned once, and when both workers stop after the first email, a worker started afterwards
 * sends the rest, each once, at their offsets.
 */
it('records one abandonment across two workers, and a restarted worker sends each remaining step once', async () => {
  const database = await createScratchDatabase('test');
  const inbox = await startSmtpInbox();
  const shared = { databaseUrl: database.url } as TestApp;
  const env = { ...FAST_RECOVERY, ...EVERY_STEP, SMTP_URL: inbox.url, QUEUE_PREFIX: `dc-test-workers-${Date.now()}` };
  const first = await startTestApp(env, { shareDatabaseOf: shared });
  const second = await startTestApp(env, { shareDatabaseOf: shared });
  const recovery = observeQueue({ ...first, queuePrefix: env.QUEUE_PREFIX }, 'recovery');
  let restarted: TestApp | undefined;
  try {
    const cart = await leftCart(first, 'twice@example.com');
    await until(async () => inbox.received.length === 1, 'the first email', 15_000);

    // Both workers stop mid-sequence (what a deploy does); the delayed steps wait in Redis.
    await Promise.all([first.close(), second.close()]);
    restarted = await startTestApp(env, { shareDatabaseOf: shared });
    const restartedApp = restarted;
    await until(async () => (await cartEvents(restartedApp, cart.id)).filter((e) => e.type === 'RecoveryEmailSent').length === 3, 'the third email', 20_000);
    // The last step job completed after its email was recorded: nothing is still to come.
    await until(async () => (await recovery.queue.getJobState(stepJobId(cart.id, 3))) === 'completed', 'the last step job');

    const events = await cartEvents(restarted, cart.id);
    expect(events.filter((e) => e.type === 'CartAbandoned')).toHaveLength(1);
    const abandonedAt = events.find((e) => e.type === 'CartAbandoned')!.at;
    const sent = events.filter((e) => e.type === 'RecoveryEmailSent');
    expect(sent.map((e) => e.data.step)).toEqual([1, 2, 3]);
    sent.forEach((e, i) => expect(e.at - abandonedAt).toBeGreaterThanOrEqual(OFFSETS_MS[i]!));
    // Through SMTP, one message per step, each with its own subject.
    expect(inbox.received.map((m) => m.to)).toEqual(['twice@example.com', 'twice@example.com', 'twice@example.com']);
    expect(new Set(inbox.received.map((m) => m.subject)).size).toBe(3);
    expect(inbox.received[0]!.raw).toMatch(/\/cart\/restore\?token=/);
  } finally {
    await recovery.close();
    await restarted?.close();
    await first.close().catch(() => undefined);
    await second.close().catch(() => undefined);
    await inbox.close();
    await database.drop();
  }
});

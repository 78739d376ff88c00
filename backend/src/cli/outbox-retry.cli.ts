import 'reflect-metadata';
import { runTask } from '../bootstrap';
import { OutboxBacklog } from '../platform/outbox/outbox-backlog';

/** `npm run outbox:retry`: puts the outbox rows parked as dead back in line (fix their cause first). */
runTask(async (app) => ({ retried: await app.get(OutboxBacklog).retryDead() })).catch((error) => {
  console.error(error);
  process.exit(1);
});

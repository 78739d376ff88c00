import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { systemContext } from '../../src/platform/context/request-context';
import { EventStore } from '../../src/platform/event-store/event-store';
import { JobHandlers } from '../../src/platform/jobs/job-handlers';
import { observeQueue } from '../support/queue-observer';
import { browserSuite } from '../support/browser';

const suite = browserSuite();

describe('the jobs page and the queue dashboard in a real browser', () => {
  it('lists a dead outbox row, opens Bull Board with a failed job and its error, all within the Content-Security-Policy', async () => {
    const [t, page] = [suite.app(), suite.page()];
    // A row for a queue this shop does not have, parked as dead.
    const em = t.app.get(MikroORM).em.fork() as EntityManager;
    const [lost] = await t.app.get(EventStore).append({ id: 'greeting-lost', type: 'Greeting' }, 0, [{ type: 'GreetingLost', data: {} }], systemContext());
    await em.execute(
      `insert into outbox (event_id, queue, job_name, payload, attempts, last_error, dead_at)
       values (?, 'nowhere', 'lost', ?::jsonb, 10, 'Unknown queue nowhere', now())`,
      [lost.eventId, JSON.stringify(lost)],
    );
    t.app.get(JobHandlers).handle('email', 'doomed', async () => {
      throw new Error('the mail server said no');
    });
    const observer = observeQueue(t, 'email');
    await observer.queue.add('doomed', {}, { jobId: 'doomed-1' });

    await page.goto(`${t.baseUrl}/admin/jobs`);
    await page.getByRole('link', { name: 'Login with Google' }).click({ timeout: 30_000 });
    await page.getByLabel('Email').fill('owner@darkcircle.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Stopped after failing (1)' }).waitFor({ timeout: 30_000 });
    // The studio reads what the shop was doing; the server's error is there for whoever helps.
    await page.getByText('nowhere / lost').waitFor();
    await page.getByText('What went wrong').click();
    await page.getByText('Unknown queue nowhere').waitFor();
    await page.getByRole('heading', { name: 'Waiting to go out (0)' }).waitFor();
    await page.getByRole('button', { name: 'Try them again' }).waitFor();

    await page.getByRole('link', { name: 'Open the queue dashboard' }).click();
    await page.waitForURL(/\/admin\/queues\/?$/);
    await page.getByText('Dark Circle jobs').first().waitFor({ timeout: 30_000 });
    await page.goto(`${t.baseUrl}/admin/queues/queue/email?status=failed`);
    await page.getByText('the mail server said no').first().waitFor({ timeout: 30_000 });
    // And back to the admin app from Bull Board's own header: its menu (the person icon) has the link.
    await page.locator('header button').last().click();
    await page.getByRole('menuitem', { name: 'Back to the admin' }).click();
    await page.waitForURL(/\/admin\/jobs$/);
    await page.getByRole('heading', { name: 'Jobs' }).waitFor({ timeout: 30_000 });
    await observer.close();
  });
});

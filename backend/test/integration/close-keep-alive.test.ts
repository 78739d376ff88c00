import { Agent } from 'node:http';
import { heldRequest } from '../support/held-request';
import { startTestApp } from '../support/test-app';
import { until } from '../support/until';

/**
 * Closing the app waits for the requests being answered, not for their connections' keep-alive: a
 * response finished after the close began ends its connection, so the close completes with it
 * rather than a keep-alive timeout later.
 */
it('ends a kept-alive connection whose request was under way when the app began to close, and closes', async () => {
  const t = await startTestApp();
  const cart = (await t.http.post('/api/cart').send({ sessionId: 'session_keep_alive_000000' }).expect(201)).body as { id: string };
  const agent = new Agent({ keepAlive: true });
  const held = heldRequest(t.baseUrl, `/api/cart/${cart.id}/contact`, { name: 'Held Through The Close', email: 'held@b.co' }, agent);
  await held.taken;

  const closed = t.close();
  // The listener is closed (no new connection is taken) once the app's server began to close.
  await until(
    () =>
      fetch(`${t.baseUrl}/api/health/live`, { headers: { connection: 'close' } }).then(
        () => false,
        () => true,
      ),
    30_000,
  );
  held.release();
  expect(await held.done).toEqual({ status: 200, connection: 'close' });
  await closed;
  agent.destroy();
});

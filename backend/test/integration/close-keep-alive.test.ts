import { Agent, request } from 'node:http';
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
  const payload = JSON.stringify({ name: 'Held Through The Close', email: 'held@b.co' });
  // A PATCH the app has taken (it answered 100 Continue) whose body is sent only once the close began.
  let send!: () => void;
  const taken = new Promise<void>((r) => (send = r));
  let req!: ReturnType<typeof request>;
  const answered = new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
    req = request(
      {
        host: '127.0.0.1',
        port: Number(new URL(t.baseUrl).port),
        method: 'PATCH',
        path: `/api/cart/${cart.id}/contact`,
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), expect: '100-continue' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
      },
    );
    req.on('continue', () => send());
    req.on('error', reject);
    req.flushHeaders();
  });
  await taken;

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
  req.end(payload);
  expect(await answered).toEqual({ status: 200, connection: 'close' });
  await closed;
  agent.destroy();
});

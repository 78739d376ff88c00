import { request, type Agent } from 'node:http';

/**
 * A PATCH the server has taken (it answered 100 Continue) whose body is sent only on `release()`:
 * a request under way for as long as a test needs, e.g. across a shutdown. Without an agent the
 * request has a connection of its own (closed after it); with a keep-alive agent, a kept one.
 */
export function heldRequest(baseUrl: string, path: string, body: unknown, agent: Agent | false = false) {
  const payload = JSON.stringify(body);
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const taken = new Promise<void>((r) => (held = r));
  const done = new Promise<{ status?: number; connection?: string; error?: string }>((resolveDone) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(new URL(baseUrl).port),
        method: 'PATCH',
        path,
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), expect: '100-continue' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolveDone({ status: res.statusCode, connection: res.headers.connection }));
      },
    );
    req.on('continue', () => {
      held();
      void released.then(() => req.end(payload));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolveDone({ error: error.code ?? String(error) }));
    req.flushHeaders();
  });
  return { taken, release, done };
}

import type { FastifyInstance } from 'fastify';

/**
 * A close that waits for the requests being answered, not for their connections' keep-alive. The
 * server's close ends the idle connections once, when it starts; a request still being answered
 * then leaves its connection idle afterwards, and the close waited for the keep-alive timeout (72 s)
 * before it completed: a stopped process lingered that long (a test app's close ran past a minute).
 * Once closing, every response ends its connection, and each finished one ends those gone idle
 * meanwhile (a response already on its way when the close began).
 */
export function endConnectionsWhenClosing(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  fastify.addHook('onResponse', (_req, _reply, done) => {
    if (closing) fastify.server.closeIdleConnections();
    done();
  });
}

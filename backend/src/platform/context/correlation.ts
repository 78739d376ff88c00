import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { runInContext } from './request-context';

export const CORRELATION_HEADER = 'x-correlation-id';
const acceptable = /^[\w.:-]{1,100}$/;

/** Fastify's request id: the caller's correlation id when it is sane, else a new one. */
export function correlationIdOf(req: IncomingMessage): string {
  const given = req.headers[CORRELATION_HEADER];
  return typeof given === 'string' && acceptable.test(given) ? given : randomUUID();
}

/** Echoes the id and runs the rest of the request inside its context (for logs and event metadata). */
export function useCorrelation(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header(CORRELATION_HEADER, req.id);
    runInContext({ correlationId: req.id, actor: 'anonymous' }, done);
  });
}

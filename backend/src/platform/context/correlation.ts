import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext } from './request-context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's correlation id and actor; the admin guard names the admin as the actor. */
    context: RequestContext;
  }
}

export const CORRELATION_HEADER = 'x-correlation-id';
const acceptable = /^[\w.:-]{1,100}$/;

/** Fastify's request id: the caller's correlation id when it is sane, else a new one. */
export function correlationIdOf(req: IncomingMessage): string {
  const given = req.headers[CORRELATION_HEADER];
  return typeof given === 'string' && acceptable.test(given) ? given : randomUUID();
}

/** Echoes the id and gives the request its context, which routes hand on to the commands they run. */
export function useCorrelation(fastify: FastifyInstance): void {
  fastify.decorateRequest('context', null as unknown as RequestContext);
  fastify.addHook('onRequest', (req, reply, done) => {
    req.context = { correlationId: req.id, actor: 'anonymous' };
    reply.header(CORRELATION_HEADER, req.id);
    done();
  });
}

/** A route parameter: the request's context, for the commands the route runs. */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestContext => ctx.switchToHttp().getRequest<FastifyRequest>().context);

import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger as Pino } from 'pino';

/** A request slower than this is logged as a warning, so it shows at any level down to `warn`. */
export const SLOW_REQUEST_MS = 1000;

/**
 * The access log: one line per request when it completes (method, path, status, time, correlation
 * id), instead of Fastify's two lines with full request and response objects. Server errors are
 * logged at `error` and slow requests at `warn`, so both survive a quieter level.
 */
export class AccessLog extends LogController {
  constructor(private readonly root: Pino) {
    super({ requestIdLogLabel: 'correlationId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const queryAt = request.url.indexOf('?');
    const line = { correlationId: request.id, method: request.method, path: queryAt < 0 ? request.url : request.url.slice(0, queryAt), status: reply.statusCode, ms };
    if (error || reply.statusCode >= 500) this.root.error({ ...line, err: error ?? undefined }, 'request failed');
    else if (ms >= SLOW_REQUEST_MS) this.root.warn(line, 'slow request');
    else this.root.info(line, 'request');
  }
}

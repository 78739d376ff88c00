import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { runInContext } from './request-context';

export const CORRELATION_HEADER = 'x-correlation-id';
const acceptable = /^[\w.:-]{1,100}$/;

/** Adopts the caller's correlation id (or makes one) and runs the request inside its context. */
export function correlationMiddleware(req: Request, res: Response, next: NextFunction): void {
  const given = req.headers[CORRELATION_HEADER];
  const correlationId = typeof given === 'string' && acceptable.test(given) ? given : randomUUID();
  req.headers[CORRELATION_HEADER] = correlationId;
  res.setHeader(CORRELATION_HEADER, correlationId);
  runInContext({ correlationId, actor: 'anonymous' }, next);
}

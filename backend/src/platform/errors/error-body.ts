import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { ConnectionException } from '@mikro-orm/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError, ErrorCode, ErrorDetails, RefusalKind } from './domain-error';

/** The one shape of every 4xx/5xx body the API sends (the API description names it `ErrorBody`). */
export const errorBodySchema = z
  .object({
    statusCode: z.int(),
    error: z.string(),
    code: z.string().meta({ description: "Stable and machine-readable: `OUT_OF_STOCK`, `VALIDATION_FAILED`, or the status's name (`NOT_FOUND`)." }),
    message: z.string(),
    correlationId: z.string(),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof errorBodySchema> & { details?: ErrorDetails };

const statusOfKind: Record<RefusalKind, number> = { invalid: 400, 'not-found': 404, conflict: 409 };

/** Fastify's own refusals of a request, under codes of ours that do not change with Fastify's. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_BAD_URL: 'MALFORMED_URL',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * PostgreSQL unreachable, restarting or refusing connections: the shop cannot answer now but will
 * without a restart, so the caller gets a 503 it may retry rather than a 500.
 */
const DATABASE_GONE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionException) return true;
  const e = error as { name?: string; code?: string; message?: string; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'KnexTimeoutError') return true;
  if (typeof e.code === 'string' && DATABASE_GONE_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message)) return true;
  return e.cause !== undefined && e.cause !== error && isDatabaseUnavailable(e.cause);
}

export interface ErrorReply {
  status: number;
  body: ErrorBody;
}

/**
 * Nest turns Fastify's own errors (a body that is not JSON, too large, of an unknown type) into
 * bare HttpExceptions before any filter sees them, dropping Fastify's code; an `onError` hook
 * keeps it per request so the answer can still carry our stable code.
 */
const fastifyCodes = new WeakMap<object, string>();

export function rememberFastifyErrorCodes(fastify: FastifyInstance): void {
  fastify.addHook('onError', (req, _reply, error, done) => {
    const code = FASTIFY_CODES[(error as { code?: string }).code ?? ''];
    if (code) fastifyCodes.set(req.raw, code);
    done();
  });
}

/** What any thrown thing becomes on the wire: the status and the one body shape. */
export function errorReply(exception: unknown, correlationId: string, rawRequest?: object): ErrorReply {
  const described = describe(exception);
  const { status, message, details } = described;
  const code = described.code ?? (rawRequest && fastifyCodes.get(rawRequest));
  const error = STATUS_CODES[status] ?? 'Error';
  return {
    status,
    body: { statusCode: status, error, code: code ?? codeOfStatus(error), message, correlationId, ...(details ? { details } : {}) },
  };
}

function describe(exception: unknown): { status: number; message: string; code?: string; details?: ErrorDetails } {
  if (exception instanceof DomainError) {
    return { status: statusOfKind[exception.kind], message: exception.message, code: exception.code, details: exception.details };
  }
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    const code = typeof response === 'object' ? (response as { code?: unknown }).code : undefined;
    return {
      status: exception.getStatus(),
      message: Array.isArray(raw) ? raw.join('; ') : String(raw ?? exception.message),
      code: typeof code === 'string' ? code : undefined,
    };
  }
  if (isDatabaseUnavailable(exception)) {
    const code: ErrorCode = 'DATABASE_UNAVAILABLE';
    return { status: 503, message: 'The shop cannot reach its database just now. Please try again in a moment.', code };
  }
  // Fastify marks client mistakes (malformed JSON, oversized body, bad URL) with a 4xx statusCode.
  const e = exception as { statusCode?: unknown; message?: unknown; code?: unknown };
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    const code = typeof e.code === 'string' ? FASTIFY_CODES[e.code] : undefined;
    return { status: e.statusCode, message: String(e.message), code };
  }
  return { status: 500, message: 'Internal server error' };
}

/** `Not Found` → `NOT_FOUND`: the default code of a status without a more specific one. */
const codeOfStatus = (error: string) => error.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

import { STATUS_CODES } from 'node:http';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { currentContext } from '../context/request-context';
import { DomainError, ErrorDetails, RefusalKind } from './domain-error';

/** The one shape of every 4xx/5xx body the API sends. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  /** Stable and machine-readable: `OUT_OF_STOCK`, `VALIDATION_FAILED`, or the status's name (`NOT_FOUND`). */
  code: string;
  message: string;
  correlationId: string;
  details?: ErrorDetails;
}

const statusOfKind: Record<RefusalKind, number> = { invalid: 400, 'not-found': 404, conflict: 409 };

@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, message, code, details } = this.describe(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    const error = STATUS_CODES[status] ?? 'Error';
    const body: ErrorBody = {
      statusCode: status,
      error,
      code: code ?? codeOfStatus(error),
      message,
      correlationId: currentContext().correlationId,
      ...(details ? { details } : {}),
    };
    if (!reply.sent) reply.status(status).send(body);
  }

  private describe(exception: unknown): { status: number; message: string; code?: string; details?: ErrorDetails } {
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
    // Fastify marks client mistakes (malformed JSON, oversized body) with a 4xx statusCode.
    const e = exception as { statusCode?: unknown; message?: unknown };
    if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      return { status: e.statusCode, message: String(e.message) };
    }
    return { status: 500, message: 'Internal server error' };
  }
}

/** `Not Found` → `NOT_FOUND`: the default code of a status without a more specific one. */
const codeOfStatus = (error: string) => error.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

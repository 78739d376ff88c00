import { STATUS_CODES } from 'node:http';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { currentContext } from '../context/request-context';
import { DomainError, RefusalKind } from './domain-error';

/** The one shape of every 4xx/5xx body the API sends. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  correlationId: string;
}

const statusOfKind: Record<RefusalKind, number> = { invalid: 400, 'not-found': 404, conflict: 409 };

@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, message } = this.describe(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    const body: ErrorBody = {
      statusCode: status,
      error: STATUS_CODES[status] ?? 'Error',
      message,
      correlationId: currentContext().correlationId,
    };
    if (!res.headersSent) res.status(status).json(body);
  }

  private describe(exception: unknown): { status: number; message: string } {
    if (exception instanceof DomainError) return { status: statusOfKind[exception.kind], message: exception.message };
    if (exception instanceof HttpException) {
      const response = exception.getResponse();
      const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
      return { status: exception.getStatus(), message: Array.isArray(raw) ? raw.join('; ') : String(raw ?? exception.message) };
    }
    // body-parser marks client mistakes (malformed JSON, oversized body) with an exposable status.
    const e = exception as { status?: unknown; expose?: unknown; message?: unknown };
    if (typeof e?.status === 'number' && e.status < 500 && e.expose) {
      return { status: e.status, message: String(e.message) };
    }
    return { status: 500, message: 'Internal server error' };
  }
}

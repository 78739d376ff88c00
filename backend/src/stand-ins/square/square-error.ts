import type { serialization } from 'square';

export type ErrorCategory = serialization.ErrorCategory.Raw;
export type ErrorCode = serialization.ErrorCode.Raw;
export type WireError = serialization.Error_.Raw;

/** One of Square's errors, thrown by a handler and sent as `{"errors":[...]}` with its HTTP status. */
export class SquareApiError extends Error {
  constructor(
    readonly status: number,
    readonly category: ErrorCategory,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }

  toWire(): WireError {
    return { category: this.category, code: this.code, detail: this.detail, ...(this.field ? { field: this.field } : {}) };
  }
}

export const invalidRequest = (code: ErrorCode, detail: string, field?: string, status = 400) => new SquareApiError(status, 'INVALID_REQUEST_ERROR', code, detail, field);

export const missingParameter = (field: string) => invalidRequest('MISSING_REQUIRED_PARAMETER', `Missing required parameter.`, field);

export const notFound = (detail: string, field?: string) => invalidRequest('NOT_FOUND', detail, field, 404);

export const unauthorized = (detail: string) => new SquareApiError(401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', detail);

export const serviceUnavailable = () => new SquareApiError(503, 'API_ERROR', 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable (a fault injected into the emulator).');

export const internalError = (detail: string) => new SquareApiError(500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', detail);

export function errorBody(errors: WireError[]): { errors: WireError[] } {
  return { errors };
}

import type { ErrorBody } from './schema';

/**
 * A refused call: the shop answered with a status other than 2xx. `code` and `message` are the
 * shop's error body's (`OUT_OF_STOCK`, "Only 2 left."); an answer that is not that body (a proxy's
 * page, an empty 502) has no code, and its message is the status, a colon and space, then the body's
 * text (or the status text when it has none).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** Stable and machine-readable: what the apps branch on, since messages may be reworded. */
    readonly code: string | undefined,
    message: string,
    /** The refusal's particulars (the right total, how many are left, ...), if any. */
    readonly details?: ErrorBody['details'],
  ) {
    super(message);
  }

  /** The error for a refused answer, from its body as openapi-fetch read it (JSON, text, or nothing). */
  static of(response: Response, body: unknown): ApiError {
    if (isErrorBody(body)) return new ApiError(response.status, body.code, body.message, body.details);
    const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
    return new ApiError(response.status, undefined, `${response.status}: ${text || response.statusText}`);
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as ErrorBody).code === 'string' && typeof (body as ErrorBody).message === 'string';
}

/** The refusal an error is, if the API refused (`apiErrorOf(error)?.status === 404`); undefined for anything else (the network, a bug). */
export function apiErrorOf(error: unknown): ApiError | undefined {
  return error instanceof ApiError ? error : undefined;
}

/** The shop's own words for a refusal, when its answer carried them; the apps fall back to theirs. */
export function serverMessageOf(error: unknown): string | undefined {
  const refusal = apiErrorOf(error);
  return refusal?.code !== undefined && refusal.message.trim() ? refusal.message : undefined;
}

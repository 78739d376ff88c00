import { SquareError } from 'square';

/**
 * What a failed Square call says about the thing it asked for. One reading for every call that
 * moves money (charges, holds, refunds), so that a charge and a refund never disagree on what an
 * error means.
 */
export type SquareFailure =
  /** Square refused the card (category `PAYMENT_METHOD_ERROR`): a verdict, nothing was charged. */
  | { kind: 'declined'; code: string; detail: string; message: string }
  /** Any other 4xx (but 409 and 429): Square's verdict on the request; nothing was done, and the same request gets the same answer. */
  | { kind: 'rejected'; status: number; code: string; detail: string; message: string }
  /**
   * No verdict: a 5xx, a 429, a timeout, a cut connection, or (`inFlight`) a 409 `CONFLICT` for the
   * same idempotency key still being worked on. Square may or may not have done it; asking again
   * with the same key tells. An in-flight duplicate answers the same at once: only later is worth asking.
   */
  | { kind: 'unknown'; inFlight: boolean; message: string };

/** Reads any error a Square SDK call threw. */
export function classifySquareError(error: unknown): SquareFailure {
  const message = describe(error);
  // A timeout (`SquareTimeoutError`), a network error or anything not from Square's answer.
  if (!(error instanceof SquareError)) return { kind: 'unknown', inFlight: false, message };
  // The card's verdict wherever it comes, even beside other errors.
  const decline = error.errors.find((e) => e.category === 'PAYMENT_METHOD_ERROR');
  if (decline) return { kind: 'declined', code: String(decline.code), detail: decline.detail ?? error.message, message };
  const status = error.statusCode;
  if (status === undefined || status >= 500 || status === 429) return { kind: 'unknown', inFlight: false, message };
  if (status === 409) return { kind: 'unknown', inFlight: true, message };
  const first = error.errors[0];
  return { kind: 'rejected', status, code: String(first?.code ?? status), detail: first?.detail ?? error.message, message };
}

/** One line for the logs: Square's status and codes, or the error's own message. */
function describe(error: unknown): string {
  if (error instanceof SquareError) return `${error.statusCode ?? 'no status'} ${error.errors.map((e) => e.code).join(', ') || error.message}`;
  return error instanceof Error ? error.message : String(error);
}

import { SquareError, SquareTimeoutError } from 'square';
import { classifySquareError } from './square-errors';

type BodyError = { category: string; code: string; detail?: string };
const squareError = (statusCode: number | undefined, errors: BodyError[]) => new SquareError({ statusCode, body: { errors } });
const invalid = (code: string, detail?: string): BodyError => ({ category: 'INVALID_REQUEST_ERROR', code, detail });

describe('classifySquareError', () => {
  describe('declined: the card refused', () => {
    it('reads a PAYMENT_METHOD_ERROR as a decline with its code and detail', () => {
      const error = squareError(402, [{ category: 'PAYMENT_METHOD_ERROR', code: 'CVV_FAILURE', detail: "Authorization error: 'CVV_FAILURE'" }]);
      expect(classifySquareError(error)).toEqual({ kind: 'declined', code: 'CVV_FAILURE', detail: "Authorization error: 'CVV_FAILURE'", message: '402 CVV_FAILURE' });
    });

    it('finds the decline beside other errors, whatever the status', () => {
      const error = squareError(400, [invalid('BAD_REQUEST'), { category: 'PAYMENT_METHOD_ERROR', code: 'GENERIC_DECLINE', detail: 'declined' }]);
      expect(classifySquareError(error)).toEqual({ kind: 'declined', code: 'GENERIC_DECLINE', detail: 'declined', message: '400 BAD_REQUEST, GENERIC_DECLINE' });
      const unsure = squareError(500, [{ category: 'PAYMENT_METHOD_ERROR', code: 'GENERIC_DECLINE' }]);
      expect(classifySquareError(unsure)).toMatchObject({ kind: 'declined', code: 'GENERIC_DECLINE' });
    });

    it("falls back on the error's own message when Square gave no detail", () => {
      const error = squareError(402, [{ category: 'PAYMENT_METHOD_ERROR', code: 'GENERIC_DECLINE' }]);
      expect(classifySquareError(error)).toMatchObject({ kind: 'declined', detail: error.message });
    });
  });

  describe('rejected: any other 4xx is a final verdict', () => {
    it.each([400, 401, 403, 404, 408, 410, 422, 428, 430, 499])('%i', (status) => {
      const error = squareError(status, [invalid('REFUND_AMOUNT_INVALID', 'The refund is too large.'), invalid('SECOND')]);
      expect(classifySquareError(error)).toEqual({
        kind: 'rejected',
        status,
        code: 'REFUND_AMOUNT_INVALID',
        detail: 'The refund is too large.',
        message: `${status} REFUND_AMOUNT_INVALID, SECOND`,
      });
    });

    it('names the status when Square gave no error, and its own message when no detail', () => {
      const bare = squareError(400, []);
      expect(classifySquareError(bare)).toEqual({ kind: 'rejected', status: 400, code: '400', detail: bare.message, message: `400 ${bare.message}` });
      const terse = squareError(404, [invalid('NOT_FOUND')]);
      expect(classifySquareError(terse)).toMatchObject({ kind: 'rejected', code: 'NOT_FOUND', detail: terse.message });
    });
  });

  describe('unknown: no verdict, the outcome is not known', () => {
    it.each([500, 502, 503, 504, 599])('a %i is Square in trouble', (status) => {
      expect(classifySquareError(squareError(status, [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR' }]))).toEqual({
        kind: 'unknown',
        inFlight: false,
        message: `${status} INTERNAL_SERVER_ERROR`,
      });
    });

    it('a 429 is a request to slow down, not a refusal', () => {
      expect(classifySquareError(squareError(429, [{ category: 'RATE_LIMIT_ERROR', code: 'RATE_LIMITED' }]))).toEqual({ kind: 'unknown', inFlight: false, message: '429 RATE_LIMITED' });
    });

    it('a 409 is the same key still being worked on: in flight', () => {
      expect(classifySquareError(squareError(409, [invalid('CONFLICT')]))).toEqual({ kind: 'unknown', inFlight: true, message: '409 CONFLICT' });
    });

    it('a Square error without a status (no answer was read)', () => {
      const error = squareError(undefined, []);
      expect(classifySquareError(error)).toEqual({ kind: 'unknown', inFlight: false, message: `no status ${error.message}` });
    });

    it('a timeout', () => {
      expect(classifySquareError(new SquareTimeoutError('Timeout exceeded when calling POST /v2/payments.'))).toEqual({
        kind: 'unknown',
        inFlight: false,
        message: 'Timeout exceeded when calling POST /v2/payments.',
      });
    });

    it('a cut connection, or anything thrown that is not an Error', () => {
      expect(classifySquareError(new TypeError('fetch failed'))).toEqual({ kind: 'unknown', inFlight: false, message: 'fetch failed' });
      expect(classifySquareError('socket hang up')).toEqual({ kind: 'unknown', inFlight: false, message: 'socket hang up' });
    });
  });
});

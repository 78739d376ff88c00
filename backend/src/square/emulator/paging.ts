import { invalidRequest } from './square-error';

/**
 * Cursor paging over a list that only grows at the end: the cursor is the offset of the next page,
 * opaque to clients. A cursor this emulator did not hand out is `INVALID_CURSOR`.
 */
export function page<T>(all: T[], cursor: string | null | undefined, limit: number): { items: T[]; cursor?: string } {
  let offset = 0;
  if (cursor) {
    const decoded = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!decoded) throw invalidRequest('INVALID_CURSOR', 'The pagination cursor is not valid.', 'cursor');
    offset = Number(decoded[1]);
  }
  const items = all.slice(offset, offset + limit);
  const next = offset + limit;
  return next < all.length ? { items, cursor: Buffer.from(`o:${next}`).toString('base64url') } : { items };
}

/** A `limit` parameter: the default when absent, else an integer within Square's bounds. */
export function limitOf(value: unknown, fallback: number, max: number, min = 1): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n)) throw invalidRequest('EXPECTED_INTEGER', 'limit must be an integer.', 'limit');
  if (n < min) throw invalidRequest('VALUE_TOO_LOW', `limit must be at least ${min}.`, 'limit');
  if (n > max) throw invalidRequest('VALUE_TOO_HIGH', `limit must be at most ${max}.`, 'limit');
  return n;
}

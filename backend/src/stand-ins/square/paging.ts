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

/**
 * A time-windowed list call (ListPayments, ListPaymentRefunds): the items created between
 * `begin_time` (default: a year before `end_time`) and `end_time` (default: now) that `keep`
 * accepts, newest first unless `sort_order=ASC`, one page of `limit` (at most 100) from `cursor`.
 */
export function listByTime<T extends { created_at?: string | null }>(q: URLSearchParams, all: T[], keep: (item: T) => boolean): { items: T[]; cursor?: string } {
  const time = (name: string, fallback: number) => {
    const value = q.get(name);
    if (!value) return fallback;
    const parsed = Date.parse(value);
    if (Number.isNaN(parsed)) throw invalidRequest('INVALID_TIME', `${name} must be an RFC 3339 timestamp.`, name);
    return parsed;
  };
  const end = time('end_time', Date.now());
  const begin = time('begin_time', end - 365 * 24 * 3600 * 1000);
  const order = q.get('sort_order') ?? 'DESC';
  if (order !== 'ASC' && order !== 'DESC') throw invalidRequest('INVALID_SORT_ORDER', 'sort_order must be ASC or DESC.', 'sort_order');
  const limit = limitOf(q.get('limit'), 100, 100);
  const matching = all.filter((item) => {
    const at = Date.parse(item.created_at ?? '');
    return at >= begin && at < end && keep(item);
  });
  if (order === 'DESC') matching.reverse();
  return page(matching, q.get('cursor'), limit);
}

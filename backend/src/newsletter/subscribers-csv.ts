import { stringify } from 'csv-stringify/sync';
import type { SubscriberDto } from './newsletter.responses';

/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab or carriage return) as a formula;
 * OWASP's advice for CSV injection is to prefix such a cell with a single quote so it stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const safeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** The export's sheet: a header row, then one row per subscriber; csv-stringify quotes what needs quoting. */
export function subscribersCsv(subscribers: SubscriberDto[]): string {
  return stringify(
    subscribers.map((s) => [s.email, s.name ?? '', s.joinedAt]),
    { header: true, columns: ['email', 'name', 'joined_at'], cast: { string: safeCell }, record_delimiter: 'windows' },
  );
}

/** `subscribers-2026-11-24.csv`: the day it was taken, in UTC. */
export const subscribersCsvName = (now: Date) => `subscribers-${now.toISOString().slice(0, 10)}.csv`;

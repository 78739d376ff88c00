import { z } from 'zod';
/** Money is integer cents inside; the API speaks decimal strings such as "25.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses "25", "25.5" or "25.00" into cents; undefined for anything else (no floats involved). */
export function parseCents(text: string): number | undefined {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** An amount as the API sends it (`formatCents`): a decimal string in dollars. */
export const moneyText = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'A decimal amount in dollars, e.g. "68.00"' });

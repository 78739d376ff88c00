/** What a discount code takes off: a percentage of the items (never of shipping), rounded half up to the cent. */
export function percentOffCents(subtotalCents: number, percent: number): number {
  return Math.floor((subtotalCents * percent + 50) / 100);
}

/** Codes are typed by shoppers: compared trimmed and in upper case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

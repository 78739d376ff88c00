const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "68.00" -> "$68.00". The API sends decimal strings; this is display only, never arithmetic. */
export function formatPrice(price: string): string {
  const value = Number(price);
  return Number.isFinite(value) ? usd.format(value) : `$${price}`;
}

/**
 * "68.00" -> 6800. Sums are done in integer cents so 0.1 + 0.2 never shows up on a receipt; the
 * string is split rather than multiplied. Anything unreadable counts as 0.
 */
export function toCents(amount: string): number {
  const match = /^\s*(-)?(\d*)(?:\.(\d{0,2})\d*)?\s*$/.exec(amount);
  if (!match || (match[2] === '' && !match[3])) return 0;
  const cents = Number(match[2] || '0') * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** 6800 -> "68.00", the API's decimal form. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 6800 -> "$68.00". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

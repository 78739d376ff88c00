const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "68.00" -> "$68.00". The API sends decimal strings; this is display only, never arithmetic. */
export function formatPrice(price: string): string {
  const value = Number(price);
  return Number.isFinite(value) ? usd.format(value) : `$${price}`;
}

import { conflict } from '../platform/errors/domain-error';
import { formatCents } from '../platform/money';
import type { DiscountTerms } from './discount.events';

/** A percentage of an amount, rounded half up to the cent. */
export function percentOffCents(amountCents: number, percent: number): number {
  return Math.floor((amountCents * percent + 50) / 100);
}

/** Codes are typed by shoppers: compared trimmed and in upper case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** A line of the cart as a code sees it: what it is, what it costs, and whether an automatic sale priced it. */
export interface DiscountLine {
  productId: number;
  category: string;
  quantity: number;
  unitPriceCents: number;
  onSale: boolean;
}

/** What a code takes off: cents off the items, or the shipping. */
export interface DiscountAmount {
  discountCents: number;
  freeShipping: boolean;
}

/** The discount or sale names this product, by id or by category; naming neither, it names every product. */
export function appliesTo(terms: Pick<DiscountTerms, 'productIds' | 'categories'>, product: { productId: number; category: string }): boolean {
  if (terms.productIds.length === 0 && terms.categories.length === 0) return true;
  return terms.productIds.includes(product.productId) || terms.categories.includes(product.category);
}

/**
 * What code `code` takes off these lines: a percentage of the lines it applies to, a fixed amount
 * (never more than those lines come to), or free shipping. Refused with the reason when it applies
 * to none of them (or only to items on sale, for a code that does not combine with the sale), or
 * when those lines fall short of its minimum subtotal.
 */
export function discountOn(code: string, terms: DiscountTerms, lines: readonly DiscountLine[]): DiscountAmount {
  // An empty cart (paid a moment ago, say): nothing to take off, and nothing to refuse.
  if (lines.length === 0) return { discountCents: 0, freeShipping: terms.type === 'free-shipping' };
  const named = lines.filter((line) => appliesTo(terms, line));
  const eligible = terms.combines ? named : named.filter((line) => !line.onSale);
  if (eligible.length === 0) {
    const message = named.length > 0 ? `${code} does not combine with sale prices, and the items it applies to are on sale.` : `${code} does not apply to the items in your cart.`;
    throw conflict(message, 'DISCOUNT_NOT_APPLICABLE');
  }
  const subtotalCents = eligible.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (subtotalCents < terms.minimumSubtotalCents) {
    const which = eligible.length < lines.length ? ' of the items it applies to' : '';
    throw conflict(`${code} is for orders of $${formatCents(terms.minimumSubtotalCents)} or more${which}; yours come to $${formatCents(subtotalCents)}.`, 'DISCOUNT_MINIMUM_NOT_MET', {
      minimumSubtotal: formatCents(terms.minimumSubtotalCents),
      subtotal: formatCents(subtotalCents),
    });
  }
  switch (terms.type) {
    case 'percentage':
      return { discountCents: percentOffCents(subtotalCents, terms.value), freeShipping: false };
    case 'fixed':
      return { discountCents: Math.min(terms.value, subtotalCents), freeShipping: false };
    case 'free-shipping':
      return { discountCents: 0, freeShipping: true };
  }
}

/** An automatic sale as prices need it. */
export type Sale = Pick<DiscountTerms, 'type' | 'value' | 'productIds' | 'categories' | 'startsAt' | 'endsAt'>;

const isOn = (sale: Sale, at: number) => (sale.startsAt === null || Date.parse(sale.startsAt) <= at) && (sale.endsAt === null || at < Date.parse(sale.endsAt));

/**
 * The price of a product during the sales on at `at`: the lowest any of them gives (a percentage
 * or an amount off, rounded half up; never down to nothing, so a sale never gives an item away),
 * or the price itself when none applies.
 */
export function salePriceCents(sales: readonly Sale[], product: { productId: number; category: string }, priceCents: number, at: number): number {
  let lowest = priceCents;
  for (const sale of sales) {
    if (!isOn(sale, at) || !appliesTo(sale, product)) continue;
    const price = priceCents - (sale.type === 'percentage' ? percentOffCents(priceCents, sale.value) : sale.value);
    if (price >= 1) lowest = Math.min(lowest, price);
  }
  return lowest;
}

/** The next moment after `at` when a sale starts or ends (Infinity: none): prices worked out now hold until then. */
export function nextSaleChange(sales: readonly Sale[], at: number): number {
  const moments = sales.flatMap((s) => [s.startsAt, s.endsAt]).flatMap((iso) => (iso === null ? [] : [Date.parse(iso)]));
  return Math.min(Infinity, ...moments.filter((m) => m > at));
}

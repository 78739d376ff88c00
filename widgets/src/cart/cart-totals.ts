import { toCents } from '../lib/money';
import type { CartItem } from './cart-api';

/** Sum of unit price × quantity, in cents (never floats). */
export function subtotalCents(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0);
}

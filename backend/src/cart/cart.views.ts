import { EntitySchema } from '@mikro-orm/core';
import { ProjectedRow, projectedTable } from '../platform/database/projected-row';
import { maskEmail } from '../platform/mask-email';
import { formatCents } from '../platform/money';
import type { CartResponse } from './cart.responses';

/** A row of the carts read table. */
export class CartView extends ProjectedRow {
  id!: string;
  sessionId!: string;
  totalCents!: number;
  customerName?: string | null;
  customerEmail?: string | null;
  emailSent!: boolean;
  recoveryEmailCount!: number;
  abandonedAt?: Date | null;
  /** Set while a payment for this cart is in progress. */
  checkoutOrderId?: string | null;
  createdAt!: Date;
}

/** A row of the cart items read table. */
export class CartItemView {
  id!: string;
  cartId!: string;
  productId!: number;
  variantId!: string;
  /** '' for a product without options. */
  variantName!: string;
  name!: string;
  imageUrl!: string;
  unitPriceCents!: number;
  quantity!: number;
  addedAt!: Date;
}

export const CartViewSchema = projectedTable(CartView, 'carts', {
  id: { type: 'uuid', primary: true },
  sessionId: { type: 'text' },
  totalCents: { type: 'integer' },
  customerName: { type: 'text', nullable: true },
  customerEmail: { type: 'text', nullable: true },
  emailSent: { type: 'boolean' },
  recoveryEmailCount: { type: 'integer' },
  abandonedAt: { type: 'datetime', nullable: true },
  checkoutOrderId: { type: 'uuid', nullable: true },
  createdAt: { type: 'datetime' },
});

export const CartItemViewSchema = new EntitySchema<CartItemView>({
  class: CartItemView,
  tableName: 'cart_items',
  properties: {
    id: { type: 'uuid', primary: true },
    cartId: { type: 'uuid' },
    productId: { type: 'integer' },
    variantId: { type: 'text' },
    variantName: { type: 'text' },
    name: { type: 'text' },
    imageUrl: { type: 'text' },
    unitPriceCents: { type: 'integer' },
    quantity: { type: 'integer' },
    addedAt: { type: 'datetime' },
  },
});

/**
 * The cart as the API shows it: `{cart, items}`. Anyone holding the session id (a handed-over link)
 * reads it, so the contact shows only as a masked email; the browser that typed it keeps it itself.
 */
export function toCartResponse(cart: CartView, items: CartItemView[]): CartResponse {
  return {
    cart: {
      id: cart.id,
      sessionId: cart.sessionId,
      totalAmount: formatCents(cart.totalCents),
      customerEmail: cart.customerEmail ? maskEmail(cart.customerEmail) : null,
      emailSent: cart.emailSent,
      recoveryEmailCount: cart.recoveryEmailCount,
      abandonedAt: cart.abandonedAt ? cart.abandonedAt.toISOString() : null,
      version: cart.version,
    },
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      variantId: i.variantId,
      variantName: i.variantName,
      quantity: i.quantity,
      price: formatCents(i.unitPriceCents),
      product: { name: i.name, imageUrl: i.imageUrl },
    })),
  };
}

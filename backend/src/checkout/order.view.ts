import { EntitySchema } from '@mikro-orm/core';
import { formatCents } from '../platform/money';
import type { OrderStatus } from './order.decider';
import type { FulfillmentMethod, OrderLine, ShippingAddress } from './order.events';

/** A row of the orders read table. */
export class OrderView {
  id!: string;
  orderNumber!: string;
  cartId!: string;
  status!: OrderStatus;
  customerName!: string;
  customerEmail!: string;
  fulfillmentMethod!: FulfillmentMethod;
  shippingAddress!: ShippingAddress | null;
  lines!: OrderLine[];
  subtotalCents!: number;
  shippingCents!: number;
  discountCents!: number;
  discountCode?: string | null;
  totalCents!: number;
  paymentId?: string | null;
  failureCode?: string | null;
  failureMessage?: string | null;
  confirmationSentAt?: Date | null;
  version!: number;
  createdAt!: Date;
  updatedAt!: Date;
}

export const OrderViewSchema = new EntitySchema<OrderView>({
  class: OrderView,
  tableName: 'orders',
  properties: {
    id: { type: 'uuid', primary: true },
    orderNumber: { type: 'text' },
    cartId: { type: 'uuid' },
    status: { type: 'text' },
    customerName: { type: 'text' },
    customerEmail: { type: 'text' },
    fulfillmentMethod: { type: 'text' },
    shippingAddress: { type: 'json', nullable: true },
    lines: { type: 'json' },
    subtotalCents: { type: 'integer' },
    shippingCents: { type: 'integer' },
    discountCents: { type: 'integer' },
    discountCode: { type: 'text', nullable: true },
    totalCents: { type: 'integer' },
    paymentId: { type: 'text', nullable: true },
    failureCode: { type: 'text', nullable: true },
    failureMessage: { type: 'text', nullable: true },
    confirmationSentAt: { type: 'datetime', nullable: true },
    version: { type: 'integer' },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});

/** An order as the API shows it: money as decimal strings. */
export function toOrderDto(o: OrderView) {
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    status: o.status,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    fulfillmentMethod: o.fulfillmentMethod,
    shippingAddress: o.shippingAddress,
    items: o.lines.map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity, price: formatCents(l.unitPriceCents) })),
    subtotal: formatCents(o.subtotalCents),
    shipping: formatCents(o.shippingCents),
    discount: formatCents(o.discountCents),
    discountCode: o.discountCode ?? null,
    total: formatCents(o.totalCents),
    paymentId: o.paymentId ?? null,
    createdAt: o.createdAt.toISOString(),
  };
}

export type OrderDto = ReturnType<typeof toOrderDto>;

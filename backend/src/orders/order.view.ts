import { variantOfLine } from './order-lines';
import { ProjectedRow, projectedTable } from '../platform/database/projected-row';
import type { AdminOrderDto, OrderDto } from './order.responses';
import { formatCents } from '../platform/money';
import type { FulfillmentStatus, OrderStatus } from './order.state';
import type { Fulfillment, FulfillmentMethod, OrderLine, ShippingAddress } from './order.events';

/** A row of the orders read table. */
export class OrderView extends ProjectedRow {
  id!: string;
  /** Null until the order is paid: a checkout that never is has no number. */
  orderNumber!: string | null;
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
  fulfilledAs?: Fulfillment | null;
  fulfilledAt?: Date | null;
  trackingNumber?: string | null;
  fulfillmentStatus!: FulfillmentStatus;
  carrier?: string | null;
  trackingUrl?: string | null;
  pickupNote?: string | null;
  readyForPickupAt?: Date | null;
  placedAt?: Date | null;
  refundedCents!: number;
  refundStatus?: 'partly-refunded' | 'refunded' | null;
  refundsPending!: number;
  /** The checkout's order in Square's books (null: none booked, as for orders from before). */
  squareOrderId?: string | null;
  /** The Square variation each line was booked as, by index (null: an ad hoc line; the column null: not recorded). */
  squareLineVariations?: (string | null)[] | null;
  createdAt!: Date;
}

export const OrderViewSchema = projectedTable(OrderView, 'orders', {
  id: { type: 'uuid', primary: true },
  orderNumber: { type: 'text', nullable: true },
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
  fulfilledAs: { type: 'text', nullable: true },
  fulfilledAt: { type: 'datetime', nullable: true },
  trackingNumber: { type: 'text', nullable: true },
  // The column keeps the name the database has.
  fulfillmentStatus: { type: 'text', fieldName: 'fulfilment', default: 'unfulfilled' },
  carrier: { type: 'text', nullable: true },
  trackingUrl: { type: 'text', nullable: true },
  pickupNote: { type: 'text', nullable: true },
  readyForPickupAt: { type: 'datetime', nullable: true },
  placedAt: { type: 'datetime', nullable: true },
  refundedCents: { type: 'integer' },
  refundStatus: { type: 'text', nullable: true },
  refundsPending: { type: 'integer' },
  squareOrderId: { type: 'text', nullable: true },
  squareLineVariations: { type: 'json', nullable: true },
  createdAt: { type: 'datetime' },
});

/** An order as the API shows it: money as decimal strings. */
export function toOrderDto(o: OrderView): OrderDto {
  return {
    id: o.id,
    // The API lists paid orders, which all have their number; a checkout never paid is named by its id.
    orderNumber: o.orderNumber ?? o.id,
    status: o.status,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    fulfillmentMethod: o.fulfillmentMethod,
    shippingAddress: o.shippingAddress,
    items: o.lines.map((l) => ({ productId: l.productId, ...variantOfLine(l), name: l.name, quantity: l.quantity, price: formatCents(l.unitPriceCents) })),
    subtotal: formatCents(o.subtotalCents),
    shipping: formatCents(o.shippingCents),
    discount: formatCents(o.discountCents),
    discountCode: o.discountCode ?? null,
    total: formatCents(o.totalCents),
    paymentId: o.paymentId ?? null,
    createdAt: o.createdAt.toISOString(),
  };
}

/** An order as the studio sees it: what the shopper sees, plus its fulfilment and whether the email went out. */
export function toAdminOrderDto(o: OrderView): AdminOrderDto {
  return {
    ...toOrderDto(o),
    status: o.status,
    fulfilledAs: o.fulfilledAs ?? null,
    fulfilledAt: o.fulfilledAt ? o.fulfilledAt.toISOString() : null,
    trackingNumber: o.trackingNumber ?? null,
    confirmationSentAt: o.confirmationSentAt ? o.confirmationSentAt.toISOString() : null,
    refunded: formatCents(o.refundedCents ?? 0),
    refundStatus: o.refundStatus ?? null,
    refundsPending: o.refundsPending ?? 0,
    fulfilment: o.fulfillmentStatus ?? 'unfulfilled',
    carrier: o.carrier ?? null,
    trackingUrl: o.trackingUrl ?? null,
    pickupNote: o.pickupNote ?? null,
  };
}

import { z } from 'zod';
import { moneyText } from '../platform/money';
import { adminSquareOrderSchema } from './books-check.responses';

/** A card as Square recorded the payment: the brand in words ("Visa") and the last 4 digits. */
export const paidCardSchema = z.object({ brand: z.string().nullable(), last4: z.string().nullable() }).meta({ id: 'PaidCard' });

const shippingAddress = z.object({ address: z.string(), city: z.string(), state: z.string(), zipCode: z.string(), country: z.string() }).meta({ id: 'ShippingAddress' });

/** An order as the API shows it (`toOrderDto`): money as decimal strings. */
export const orderSchema = z
  .object({
    id: z.uuid(),
    orderNumber: z.string(),
    status: z.enum(['opened', 'charging', 'paid', 'placed', 'failed', 'closed']),
    customerName: z.string(),
    customerEmail: z.string(),
    fulfillmentMethod: z.enum(['pickup', 'shipping']),
    shippingAddress: shippingAddress.nullable(),
    items: z.array(z.object({ productId: z.int(), variantId: z.string(), variantName: z.string(), name: z.string(), quantity: z.int(), price: moneyText })),
    subtotal: moneyText,
    shipping: moneyText,
    discount: moneyText,
    discountCode: z.string().nullable(),
    total: moneyText,
    paymentId: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Order' });

export const fulfillmentStepSchema = z.enum(['ready-for-pickup', 'shipped', 'picked-up']);
export const fulfillmentStatusSchema = z.enum(['unfulfilled', 'ready-for-pickup', 'shipped', 'picked-up']);

/** An order as the studio sees it: plus its fulfilment and whether the confirmation went out. */
export const adminOrderSchema = orderSchema
  .extend({
    fulfilledAs: z.enum(['picked-up', 'shipped']).nullable(),
    fulfilledAt: z.iso.datetime().nullable(),
    trackingNumber: z.string().nullable(),
    confirmationSentAt: z.iso.datetime().nullable(),
    /** What Square has given back so far. */
    refunded: moneyText,
    refundStatus: z.enum(['partly-refunded', 'refunded']).nullable(),
    /** Refunds asked of Square whose answer is not recorded yet (the reconciliation job finishes them). */
    refundsPending: z.int(),
    /** Where fulfilment stands: pickup orders go ready-for-pickup → picked-up, shipping orders to shipped. */
    fulfilment: fulfillmentStatusSchema,
    carrier: z.string().nullable(),
    /** The carrier's tracking page, for a carrier the shop knows. */
    trackingUrl: z.string().nullable(),
    /** The studio's note with the ready-for-pickup step. */
    pickupNote: z.string().nullable(),
  })
  .meta({ id: 'AdminOrder' });

/** `GET /api/admin/orders`: one page of placed orders, newest first. */
export const adminOrderPageSchema = z.object({ orders: z.array(adminOrderSchema), total: z.int(), page: z.int(), pageSize: z.int() }).meta({ id: 'AdminOrderPage' });

/** One thing that happened to an order, from its event stream, in words. */
const timelineEntrySchema = z.object({ at: z.iso.datetime(), event: z.string(), title: z.string(), detail: z.string().nullable() }).meta({ id: 'OrderTimelineEntry' });

/**
 * Where the Square order's fulfillment stands in Square (`state`) and whether it follows the
 * order's step: `in-step`, `waiting` (the step has not reached Square yet: the worker keeps asking),
 * `refused` (Square refused it for good: `refusal` says why), or `ended` (canceled in Square).
 */
export const squareFulfillmentSchema = z
  .object({
    state: z.enum(['PROPOSED', 'RESERVED', 'PREPARED', 'COMPLETED', 'CANCELED', 'FAILED']),
    sync: z.enum(['in-step', 'waiting', 'refused', 'ended']),
    refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'SquareFulfillment' });

/** `GET /api/admin/orders/{id}`: the order page: items with their images and what is refunded of each, the card, refunds, the timeline, and the steps open now. */
export const adminOrderDetailSchema = adminOrderSchema
  .extend({
    items: z.array(
      z.object({
        itemId: z.int(),
        productId: z.int(),
        variantId: z.string(),
        /** The size or option bought ('' for a product without options). */
        variantName: z.string(),
        name: z.string(),
        quantity: z.int(),
        price: moneyText,
        /** What the shopper paid for the line: its price less its share of the order's discount. */
        paid: moneyText,
        imageUrl: z.string().nullable(),
        refundedQuantity: z.int(),
        /** What refunding 1, 2, … of the units left gives back (what was paid for them). */
        refundValues: z.array(moneyText),
      }),
    ),
    card: paidCardSchema.nullable(),
    /** The shopper's status page (the link in their emails). */
    statusUrl: z.string(),
    refundable: moneyText,
    refunds: z.array(
      z.object({
        refundId: z.uuid(),
        amount: moneyText,
        reason: z.string(),
        /** `pending` until Square settles it: no answer yet (`squareRefundId` null), or Square's refund still `PENDING`. */
        status: z.enum(['pending', 'refunded', 'failed']),
        squareRefundId: z.string().nullable(),
        /** Why nothing went back, on a failed refund (Square's code and words). */
        failure: z.object({ code: z.string(), message: z.string() }).nullable(),
        lines: z.array(z.object({ itemId: z.int(), quantity: z.int(), restock: z.boolean() })),
        requestedAt: z.iso.datetime(),
      }),
    ),
    timeline: z.array(timelineEntrySchema),
    /** The studio's own notes, oldest first: who wrote each, and when. */
    staffNotes: z.array(z.object({ text: z.string(), by: z.string(), at: z.iso.datetime() })),
    /** The shopper's "Order note" from the cart page, when they left one. */
    customerNote: z.string().nullable(),
    /** Said when the tracking number has another carrier's format than the one given (a USPS number under UPS); never a refusal. */
    trackingWarning: z.string().nullable(),
    /** The fulfilment steps the studio can take now (empty when fulfilled or fully refunded). */
    nextSteps: z.array(fulfillmentStepSchema),
    /** The order in Square's books (null: none booked, as for orders from before). */
    square: adminSquareOrderSchema.nullable(),
    /** The Square order's fulfillment, kept in step with the order's (null: an order without a Square order). */
    squareFulfillment: squareFulfillmentSchema.nullable(),
  })
  .meta({ id: 'AdminOrderDetail' });

const salesSchema = z.object({ orders: z.int(), revenue: moneyText });

/** `GET /api/admin/dashboard`: revenue is what placed orders took less what was refunded, by the day the order was placed in `timeZone`. */
export const dashboardSchema = z
  .object({
    timeZone: z.string(),
    today: salesSchema,
    last7Days: salesSchema,
    last30Days: salesSchema,
    /** Placed orders not yet shipped or picked up (fully refunded ones excepted). */
    ordersWaiting: z.int(),
    lowStockAt: z.int(),
    lowStock: z.array(
      z.object({
        productId: z.int(),
        variantId: z.string(),
        name: z.string().meta({ description: 'The product, and the variant when it has several: "Raven Hoodie, M"' }),
        stock: z.int(),
        imageUrl: z.string(),
      }),
    ),
    /** Whether a development stand-in is on (the local sign-in, the Square emulator, the development link secret): the dashboard then offers its development tools (Create Test Cart). */
    developmentTools: z.boolean(),
    /** The last 30 days, oldest first, today last; days without orders are zero. */
    revenueByDay: z.array(z.object({ date: z.iso.date(), orders: z.int(), revenue: moneyText })),
  })
  .meta({ id: 'Dashboard' });

/** `GET /api/order-status/{token}`: what the signed link shows whoever holds it: no street address, the email masked. */
export const orderStatusSchema = z
  .object({
    orderNumber: z.string(),
    firstName: z.string(),
    /** Masked: "j•••@example.com". */
    email: z.string(),
    placedAt: z.iso.datetime(),
    fulfillmentMethod: z.enum(['pickup', 'shipping']),
    fulfilment: fulfillmentStatusSchema,
    items: z.array(z.object({ name: z.string(), variantName: z.string(), quantity: z.int(), price: moneyText, imageUrl: z.string().nullable() })),
    subtotal: moneyText,
    shipping: moneyText,
    discount: moneyText,
    total: moneyText,
    refunded: moneyText,
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    pickupNote: z.string().nullable(),
    /** Oldest first: paid, then each fulfilment step and refund that happened. */
    timeline: z.array(z.object({ step: z.enum(['paid', 'ready-for-pickup', 'shipped', 'picked-up', 'refunded']), at: z.iso.datetime(), title: z.string(), detail: z.string().nullable() })),
  })
  .meta({ id: 'OrderStatus' });

/**
 * `POST /api/admin/orders/{id}/refunds`: the refund Square took (`status` `refunded` when Square
 * completed it, `pending` while Square is still working on it), and the order after it.
 */
export const refundResultSchema = z.object({ refundId: z.uuid(), squareRefundId: z.string(), status: z.enum(['pending', 'refunded']), order: adminOrderSchema }).meta({ id: 'RefundResult' });

export type OrderDto = z.infer<typeof orderSchema>;
export type AdminOrderDto = z.infer<typeof adminOrderSchema>;
export type AdminOrderPageDto = z.infer<typeof adminOrderPageSchema>;
export type AdminOrderDetailDto = z.infer<typeof adminOrderDetailSchema>;
export type DashboardDto = z.infer<typeof dashboardSchema>;
export type OrderStatusDto = z.infer<typeof orderStatusSchema>;
export type RefundResultDto = z.infer<typeof refundResultSchema>;

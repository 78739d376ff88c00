import { z } from 'zod';
import { moneyText } from '../platform/money';

const shippingAddress = z
  .object({ address: z.string(), city: z.string(), state: z.string(), zipCode: z.string(), country: z.string() })
  .meta({ id: 'ShippingAddress' });

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
    items: z.array(z.object({ productId: z.int(), name: z.string(), quantity: z.int(), price: moneyText })),
    subtotal: moneyText,
    shipping: moneyText,
    discount: moneyText,
    discountCode: z.string().nullable(),
    total: moneyText,
    paymentId: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Order' });

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
  })
  .meta({ id: 'AdminOrder' });

/** `POST /api/admin/orders/{id}/refunds`: the refund Square took, and the order after it. */
export const refundResultSchema = z
  .object({ refundId: z.uuid(), squareRefundId: z.string(), order: adminOrderSchema })
  .meta({ id: 'RefundResult' });

/** `POST /api/square/process-payment`: the shape the storefront's payment call has always read, plus the order; a card decline is an answer. */
export const paymentResultSchema = z
  .discriminatedUnion('success', [
    z.object({
      success: z.literal(true),
      payment: z.object({ id: z.string(), status: z.literal('COMPLETED'), amountMoney: z.object({ amount: z.string(), currency: z.literal('USD') }) }),
      orderId: z.string(),
      orderNumber: z.string(),
    }),
    z.object({ success: z.literal(false), error: z.string(), code: z.string() }),
  ])
  .meta({ id: 'PaymentResult' });

export const discountCheckSchema = z
  .object({ code: z.string(), percentOff: z.number(), discount: moneyText, subtotal: moneyText })
  .meta({ id: 'DiscountCheck' });

export const confirmationStatusSchema = z.object({ success: z.boolean(), emailSent: z.boolean() });

export type OrderDto = z.infer<typeof orderSchema>;
export type AdminOrderDto = z.infer<typeof adminOrderSchema>;
export type RefundResultDto = z.infer<typeof refundResultSchema>;
export type PaymentResult = z.infer<typeof paymentResultSchema>;
export type DiscountCheck = z.infer<typeof discountCheckSchema>;

import { apiRequest } from '../api/http';
import type { FulfillmentMethod, ShippingAddress } from '../cart/checkout-types';
import type { OrderRecord } from './order-record';

export interface PaymentRequest {
  sourceId: string;
  /** The total the shopper was shown, in cents: the server compares it with its own and never charges another. */
  amountMoney: { amount: string; currency: 'USD' };
  customerEmail: string;
  customerName: string;
  cartId: string;
  fulfillmentMethod: FulfillmentMethod;
  shippingAddress?: ShippingAddress;
  shippingOption?: string;
  /** Checked again by the server, which works out the discount itself. */
  discountCode?: string;
}

export type PaymentResponse =
  | { success: true; payment: { id: string }; orderId: string; orderNumber: string }
  | { success: false; error: string; code?: string };

export async function processPayment(request: PaymentRequest): Promise<PaymentResponse> {
  const res = await apiRequest('POST', '/api/square/process-payment', request);
  return (await res.json()) as PaymentResponse;
}

/** Fire and forget: the server emails the confirmation by itself; this only asks, and its answer is logged. */
export function sendOrderConfirmation(record: OrderRecord): void {
  apiRequest('POST', '/api/orders/send-confirmation', record)
    .then((res) => res.json())
    .then((body: { success?: boolean }) => console.log('Order confirmation', body.success ? 'recorded' : 'pending'))
    .catch((error) => console.error('Order confirmation request failed', error));
}

import { apiRequest } from '../api/http';
import type { RequestBody } from '../api/request-body';
import type { PaymentResult } from '../api/schema';
import type { OrderRecord } from './order-record';

/** The total the shopper was shown goes along: the server compares it with its own and never charges another. */
export type PaymentRequest = RequestBody<'/api/square/process-payment', 'post'>;

export type PaymentResponse = PaymentResult;

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

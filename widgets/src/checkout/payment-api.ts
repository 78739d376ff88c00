import { ok, type PaymentResult, type RequestBody } from '@dark-circle/api-client';
import { api } from '../api/client';
import type { OrderRecord } from './order-record';

/** The total the shopper was shown goes along: the server compares it with its own and never charges another. */
export type PaymentRequest = RequestBody<'/api/square/process-payment', 'post'>;

export type PaymentResponse = PaymentResult;

export function processPayment(request: PaymentRequest): Promise<PaymentResponse> {
  return ok(api().POST('/api/square/process-payment', { body: request }));
}

/** Fire and forget: the server emails the confirmation by itself; this only asks, and its answer is logged. */
export function sendOrderConfirmation(record: OrderRecord): void {
  ok(api().POST('/api/orders/send-confirmation', { body: record }))
    .then((body) => console.log('Order confirmation', body.success ? 'recorded' : 'pending'))
    .catch((error) => console.error('Order confirmation request failed', error));
}

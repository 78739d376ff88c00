import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';
import { CommandRunner } from '../../src/platform/event-store/command-runner';
import { orderDecider } from '../../src/orders/order.decider';
import { orderStream, type FulfillmentMethod, type OrderLine } from '../../src/orders/order.events';
import { systemContext } from '../../src/platform/context/request-context';

/** A paid, placed order written through the order decider, as a finished checkout leaves it; `line` changes its one line (a variant bought). */
export async function placeOrder(
  t: TestApp,
  fulfillment: FulfillmentMethod = 'shipping',
  { customer = { name: 'Lydia Deetz', email: 'lydia@example.com' }, line = {} }: { customer?: { name: string; email: string }; line?: Partial<OrderLine> } = {},
): Promise<{ orderId: string; orderNumber: string }> {
  const runner = t.app.get(CommandRunner);
  const orderId = randomUUID();
  const orderNumber = `DC-${Math.floor(Math.random() * 900000) + 100000}`;
  const run = (command: Parameters<typeof orderDecider.decide>[0]) => runner.run(orderDecider, orderStream(orderId), command, systemContext());
  await run({
    kind: 'OpenCheckout',
    opened: {
      orderId,
      orderNumber,
      cartId: randomUUID(),
      customer,
      fulfillment,
      shippingAddress: fulfillment === 'shipping' ? { address: '1 Winter River Rd', city: 'Peaceful Pines', state: 'CT', zipCode: '06001', country: 'US' } : null,
      lines: [{ productId: 1, name: 'Sandworm Patch', quantity: 2, unitPriceCents: 1200, ...line }],
      subtotalCents: 2400,
      shippingCents: fulfillment === 'shipping' ? 500 : 0,
      discountCents: 0,
      totalCents: fulfillment === 'shipping' ? 2900 : 2400,
      sourceId: 'cnon:card-nonce-ok',
      idempotencyKey: `test-${orderId}`,
    },
  });
  await run({ kind: 'RequestCharge', at: new Date().toISOString() });
  await run({ kind: 'RecordPayment', payment: { paymentId: `pay-${orderId.slice(0, 8)}`, amountCents: 2900, cardBrand: 'VISA', last4: '1111' } });
  await run({ kind: 'PlaceOrder' });
  return { orderId, orderNumber };
}

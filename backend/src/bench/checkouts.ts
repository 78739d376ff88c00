/**
 * Checkouts under load: `shoppers` concurrent shoppers, each in a loop filling a new cart and paying
 * for it (the emulator's reusable test token), for `seconds`. Reports paid orders per second and the
 * 99th-percentile latency of `POST /api/square/process-payment`.
 */
export async function measureCheckouts(apiUrl: string, productId: number, shoppers: number, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let paid = 0;
  const refused: Record<string, number> = {};
  let n = 0;

  const post = (path: string, body: unknown) => fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function shopper(): Promise<void> {
    while (Date.now() < deadline) {
      const sessionId = `bench_checkout_${process.pid}_${++n}`;
      const cart = (await (await post('/api/cart', { sessionId })).json()) as { id: string };
      await post(`/api/cart/${cart.id}/items`, { productId, quantity: 1 });
      const started = performance.now();
      const res = await post('/api/square/process-payment', {
        sourceId: 'cnon:card-nonce-ok',
        amountMoney: { amount: '900', currency: 'USD' },
        customerName: 'Bench Shopper',
        customerEmail: 'bench@example.com',
        cartId: cart.id,
        fulfillmentMethod: 'pickup',
      });
      const body = (await res.json()) as { success?: boolean; code?: string };
      latencies.push(performance.now() - started);
      if (res.ok && body.success) paid++;
      else refused[body.code ?? String(res.status)] = (refused[body.code ?? String(res.status)] ?? 0) + 1;
    }
  }

  const started = Date.now();
  await Promise.all(Array.from({ length: shoppers }, shopper));
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    shoppers,
    paidOrdersPerSec: Math.round((paid / elapsed) * 10) / 10,
    processPaymentP99Ms: Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0),
    paid,
    /** Refusals by code: none is expected, since every shopper buys in-stock units with a good card. */
    refused,
  };
}

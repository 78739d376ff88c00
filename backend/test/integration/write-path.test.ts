import { Client } from 'pg';
import { addProduct, cartWith } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** Counts the statements the app sends to PostgreSQL (each one a round trip) while `work` runs. */
async function roundTrips(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const original = Client.prototype.query;
  Client.prototype.query = function (this: Client, ...args: unknown[]) {
    const first = args[0];
    sent.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    Client.prototype.query = original;
  }
  return sent;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the write path', () => {
  it('adds to a cart in five round trips', async () => {
    const id = await addProduct(t, { name: 'Counted Candle', priceCents: 600, stockQuantity: 10 });
    const other = await addProduct(t, { name: 'Counted Cross', priceCents: 900, stockQuantity: 10 });
    const cart = await cartWith(t, { [id]: 1 });

    const sent = await roundTrips(() => t.http.post(`/api/cart/${cart.id}/items`).send({ productId: other, quantity: 2 }).expect(200));

    // The stream and the product (read in parallel); begin with the append (`append_events`:
    // events, outbox rows and the change notification); the projection with commit; the answer.
    // It was 9 before the append, the cart projection and the answer were each folded into one
    // statement, and 7 before begin and commit rode along with the statements next to them.
    // Each statement is shown up to its first value or bracket.
    expect(sent.map((s) => s.replace(/\s+/g, ' ').split(/[('"]/)[0].trim())).toEqual([
      'select * from events where stream_id =',
      'select p.id as',
      'begin; select * from append_events',
      'with changed as',
      'select c.*, coalesce',
    ]);
  });
});

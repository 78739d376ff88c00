import { Client } from 'pg';
import { addProduct, cartWith } from '../support/shop-fixtures';
import { StreamStates } from '../../src/platform/event-store/stream-states';
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
  it('adds to a cart in three round trips, the cart as its last append left it', async () => {
    const id = await addProduct(t, { name: 'Counted Candle', priceCents: 600, stockQuantity: 10 });
    const other = await addProduct(t, { name: 'Counted Cross', priceCents: 900, stockQuantity: 10 });
    const cart = await cartWith(t, { [id]: 1 });

    const sent = await roundTrips(() => t.http.post(`/api/cart/${cart.id}/items`).send({ productId: other, quantity: 2 }).expect(200));

    // The product's variants; begin, the append (`append_events_all_or_none`: events, outbox rows
    // and the change notification), the projection and commit, in one query; the answer. The
    // cart's stream is not read: this process wrote it last, and the append at that version
    // proves no one else did since. It was 9 before the append, the cart projection and the
    // answer were each folded into one statement, 7 before begin and commit rode along with the
    // statements next to them, and 4 before the projections rode with the append.
    // Each query is shown up to its first value or bracket.
    expect(firstWords(sent)).toEqual(['select p.id as', 'begin; select * from append_events_all_or_none', 'select c.*, coalesce']);
    expect(sent[1]).toMatch(/with changed as \(insert into cart_items[\s\S]*;\s*commit$/);
  });

  it('reads the stream, beside the product, when this process does not hold the cart as it was last read or written', async () => {
    const id = await addProduct(t, { name: 'Counted Chalice', priceCents: 700, stockQuantity: 10 });
    const cart = await cartWith(t, { [id]: 1 });
    // As after a notice of the change feed may have been missed.
    t.app.get(StreamStates).reset();

    const sent = await roundTrips(() => t.http.post(`/api/cart/${cart.id}/items`).send({ productId: id, quantity: 1 }).expect(200));

    expect(firstWords(sent)).toEqual(['select r.read, e.* from jsonb_to_recordset', 'select p.id as', 'begin; select * from append_events_all_or_none', 'select c.*, coalesce']);
  });
});

const firstWords = (sent: string[]) => sent.map((s) => s.replace(/\s+/g, ' ').split(/[('"]/)[0].trim());

import { Client } from 'pg';
import { Products } from '../../src/catalog';
import { systemContext } from '../../src/platform/context/request-context';
import { addProduct, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** The statements the app sends to PostgreSQL while `work` runs, each up to its first value or bracket. */
async function statements(work: () => Promise<unknown>): Promise<string[]> {
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
  return sent.map((s) => s.replace(/\s+/g, ' ').split(/[('"]/)[0].trim());
}

/** The products list's own read: what rebuilding the shared catalogue costs. */
const CATALOGUE_READ = 'select p.id, p.name';

let t: TestApp;
beforeAll(async () => {
  // No recovery scan in the window a request's statements are counted in (it runs on its own schedule, every minute by default).
  t = await startTestApp({ RECOVERY_SCAN_EVERY: '24h' });
});
afterAll(() => t.close());

/** A version no database of this shop holds: the client made it up. */
const FUTURE = 999_999_999_999;

describe('the catalogue cache and a version from the client', () => {
  it('answers a list version from the future as current, from the cache, and keeps the cache for the next reader', async () => {
    const id = await addProduct(t, { name: 'Future Fern', priceCents: 1100, stockQuantity: 7 });
    await t.app.get(Products).run(id, { kind: 'SetStock', inStock: true, stockQuantity: 6 }, systemContext());
    const honest = await t.http.get('/api/products').expect(200);

    let answer: { status: number; body: { id: number; stockQuantity: number }[] } | undefined;
    const sent = await statements(async () => (answer = await t.http.get(`/api/products?version=${FUTURE}`)));

    expect(answer!.status).toBe(200);
    expect(answer!.body).toEqual(honest.body);
    expect(answer!.body.find((p) => p.id === id)?.stockQuantity).toBe(6);
    // One small read of the catalogue's version as stored; the catalogue is not read again.
    expect(sent).toEqual(['select coalesce']);
    expect(await statements(() => t.http.get('/api/products').expect(200))).toEqual([]);
  });

  it('answers a product version from the future as current, from the cache, and keeps the cache', async () => {
    const id = await addProduct(t, { name: 'Future Fig', priceCents: 900, stockQuantity: 3 });
    const honest = await t.http.get(`/api/products/${id}`).expect(200);

    let answer: { status: number; body: { version: number } } | undefined;
    const sent = await statements(async () => (answer = await t.http.get(`/api/products/${id}?version=${FUTURE}`)));

    expect(answer!.status).toBe(200);
    expect(answer!.body).toEqual(honest.body);
    expect(sent).toEqual([`select version from products where id = ${id}`]);
    expect(await statements(() => t.http.get(`/api/products/${id}?version=${honest.body.version}`).expect(200))).toEqual([]);
  });

  it('reads the catalogue for no one while requests with future versions come beside honest ones', async () => {
    await t.http.get('/api/products').expect(200);

    const sent = await statements(() => Promise.all(Array.from({ length: 10 }, (_, i) => t.http.get(i % 2 ? '/api/products' : `/api/products?version=${FUTURE + i}`).expect(200))));

    expect(sent.filter((s) => s.startsWith(CATALOGUE_READ))).toEqual([]);
  });

  it('still reads again when the database holds a version the cache has not heard of', async () => {
    const id = await addProduct(t, { name: 'Unheard Umbel', priceCents: 700, stockQuantity: 2 });
    const before = (await t.http.get(`/api/products/${id}`).expect(200)).body as { version: number };
    // As another process's change whose notice is still on its way: stored, and not told to this process.
    await sql(t, 'update products set version = version + 1 where id = ?', [id]);

    const answer = await t.http.get(`/api/products/${id}?version=${before.version + 1}`).expect(200);

    expect(answer.body).toMatchObject({ version: before.version + 1 });
    // The shared catalogue was read again, for everyone.
    expect((await t.http.get(`/api/products/${id}`).expect(200)).body).toMatchObject({ version: before.version + 1 });
  });
});

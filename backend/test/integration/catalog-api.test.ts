import { Products } from '../../src/catalog';
import { DEMO_CATALOG } from '../../src/catalog/demo-catalog';
import { systemContext } from '../../src/platform/context/request-context';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO_CATALOG: 'true' });
});
afterAll(() => t.close());

const errorBody = (statusCode: number, message: string | RegExp) =>
  expect.objectContaining({ statusCode, message: typeof message === 'string' ? message : expect.stringMatching(message), error: expect.any(String), correlationId: expect.any(String) });

describe('GET /api/products', () => {
  it('lists the seeded catalogue with prices as decimal strings', async () => {
    const res = await t.http.get('/api/products').expect(200).expect('Content-Type', /json/);
    expect(res.body).toHaveLength(DEMO_CATALOG.length);
    expect(res.body[0]).toEqual({
      id: 1,
      name: DEMO_CATALOG[0].name,
      description: DEMO_CATALOG[0].description,
      price: '68.00',
      priceMax: '68.00',
      imageUrl: '/images/products/raven.svg',
      images: ['/images/products/raven.svg'],
      category: 'apparel',
      inStock: true,
      stockQuantity: 6,
      options: [],
      variants: [{ id: '1-1', name: '', options: {}, sku: null, price: '68.00', inStock: true, stockQuantity: 6, imageUrl: '/images/products/raven.svg' }],
      sizeGuide: '',
      version: 1,
    });
    expect(res.body.filter((p: { inStock: boolean }) => !p.inStock).length).toBeGreaterThan(0);
    expect(new Set(res.body.map((p: { category: string }) => p.category)).size).toBeGreaterThanOrEqual(6);
  });

  it('answers If-None-Match with 304 and changes its ETag when the catalogue changes', async () => {
    const first = await t.http.get('/api/products').expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    await t.http.get('/api/products').set('If-None-Match', etag).expect(304);

    await t.app.get(Products).run(2, { kind: 'SetStock', inStock: false, stockQuantity: 0 }, systemContext());

    const after = await t.http.get('/api/products').set('If-None-Match', etag).expect(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.find((p: { id: number }) => p.id === 2)).toMatchObject({ inStock: false, stockQuantity: 0 });
  });
});

describe('GET /api/products/:id', () => {
  it('returns one product', async () => {
    const res = await t.http.get('/api/products/4').expect(200);
    expect(res.body).toMatchObject({ id: 4, name: 'Skull Iron-On Patch', price: '9.00', category: 'patches' });
  });

  it.each(['abc', '1.5', '-1', '1e3'])('refuses the non-integer id %s with 400', async (id) => {
    const res = await t.http.get(`/api/products/${id}`).expect(400);
    expect(res.body).toEqual(errorBody(400, 'The product id must be a whole number.'));
  });

  it('answers 404 with a message for an unknown id', async () => {
    const res = await t.http.get('/api/products/999').expect(404);
    expect(res.body).toEqual(errorBody(404, 'Product 999 was not found.'));
  });
});

describe('GET /api/categories', () => {
  it('serves the one vocabulary with labels', async () => {
    const res = await t.http.get('/api/categories').expect(200);
    expect(res.body).toContainEqual({ slug: 'pride', label: 'Pride Collection' });
    expect(res.body).toContainEqual({ slug: 'apparel', label: 'Clothing' });
    expect(res.body.map((c: { slug: string }) => c.slug)).toEqual(['apparel', 'patches', 'framed-art', 'portraits', 'pride', 'custom', 'originals', 'other']);
  });
});

describe('errors and plumbing', () => {
  it('keeps unknown API paths as JSON 404s in the one error shape', async () => {
    const res = await t.http.get('/api/no-such-thing').expect(404).expect('Content-Type', /json/);
    expect(res.body).toEqual(errorBody(404, /no-such-thing/));
  });

  it('refuses malformed JSON with a 400 in the same shape', async () => {
    const res = await t.http.post('/api/products').set('Content-Type', 'application/json').send('{"name":').expect(400);
    expect(res.body).toEqual(errorBody(400, /JSON/i));
  });

  it('echoes a caller-given correlation id', async () => {
    const res = await t.http.get('/api/products/999').set('X-Correlation-Id', 'trace-123').expect(404);
    expect(res.headers['x-correlation-id']).toBe('trace-123');
    expect(res.body.correlationId).toBe('trace-123');
  });

  it('reports database, Redis, the change feed and outbox in /api/health', async () => {
    // The stock change above gave the worker a job (the back-in-stock emails): the relay hands it on first.
    while ((await t.app.get(OutboxRelay).tick()) > 0);
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      database: { up: true },
      redis: { up: true },
      changeFeed: { listening: true, trusted: true, problem: null },
      outbox: { unsent: 0, oldestSeconds: null, dead: 0 },
      alerts: [],
    });
  });

  it('does not seed again into a catalogue that had products', async () => {
    const { CatalogSeeder } = await import('../../src/catalog');
    expect(await t.app.get(CatalogSeeder).seedIfEmpty()).toBe(0);
  });
});

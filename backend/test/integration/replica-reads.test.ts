import { AdminClient } from '../support/admin-client';
import { addProduct } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Two API replicas on one database behind a round-robin balancer: a change answered by A, then the
 * storefront's immediate refetch answered by B, whose change feed may not have heard of it yet.
 * The refetch is sent as the storefront sends it: the ETag the client holds, and the
 * version the client was last answered.
 */
let a: TestApp;
let b: TestApp;
const ROUNDS = 200;

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({}, { shareDatabaseOf: a, worker: false });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/**
 * What a client holds of one resource: the last 200 and its ETag, sent as If-None-Match with every
 * refetch whatever version the URL names (harder on the server than a browser, which keeps an ETag
 * per URL), so a 304 means "what you hold is current".
 */
class HeldResponse {
  private etag: string | undefined;
  private body: any;

  async get(url: string): Promise<any> {
    const response = await fetch(url, { headers: this.etag ? { 'if-none-match': this.etag } : {} });
    if (response.status === 304) return this.body;
    expect(response.status).toBe(200);
    this.etag = response.headers.get('etag') ?? undefined;
    this.body = await response.json();
    return this.body;
  }
}

describe('reads across replicas', () => {
  it('never answers a cart older than the one the client was answered by another replica', async () => {
    const productId = await addProduct(a, { name: 'Replica Moth', priceCents: 900, stockQuantity: 1000 });
    const sessionId = `replica_${Date.now()}_cart`;
    const created = await (await fetch(`${a.baseUrl}/api/cart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionId }) })).json();
    const added = await (
      await fetch(`${a.baseUrl}/api/cart/${created.id}/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ productId, quantity: 1 }) })
    ).json();
    const itemId: string = added.items[0].id;
    const cart = new HeldResponse();
    const refetch = (url: string) => cart.get(url);
    let version: number = added.cart.version;
    // B has polled the cart: its cache holds it.
    await refetch(`${b.baseUrl}/api/cart/${sessionId}?version=${version}`);

    const stale: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const quantity = (round % 3) + 2;
      const answered = await (
        await fetch(`${a.baseUrl}/api/cart/items/${itemId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ quantity }) })
      ).json();
      expect(answered.items[0].quantity).toBe(quantity);
      version = answered.cart.version;
      const seen = await refetch(`${b.baseUrl}/api/cart/${sessionId}?version=${version}`);
      if (seen.items[0].quantity !== quantity || seen.cart.version < version) stale.push(round);
      // The next poll through B, with what the browser now holds.
      const polled = await refetch(`${b.baseUrl}/api/cart/${sessionId}?version=${seen.cart.version}`);
      if (polled.items[0].quantity !== quantity) stale.push(round);
    }
    expect(stale).toEqual([]);
  });

  it('never answers a product, its stock or the products list older than the client was answered by another replica', async () => {
    const productId = await addProduct(a, { name: 'Replica Lantern', priceCents: 1500, stockQuantity: 10 });
    const admin = await AdminClient.signIn(a.baseUrl);
    const [one, all] = [new HeldResponse(), new HeldResponse()];
    // The storefront's list names the catalogue version it holds: the sum of its products' versions.
    const catalogVersion = (list: { version: number }[]) => list.reduce((sum, p) => sum + p.version, 0);
    // B has served the product and the list: its cache holds them.
    await one.get(`${b.baseUrl}/api/products/${productId}?version=1`);
    let list = await all.get(`${b.baseUrl}/api/products?version=0`);

    const stale: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const stockQuantity = 20 + round;
      const answered = await admin.put(`/api/admin/products/${productId}/stock`, { inStock: true, stockQuantity });
      expect(answered.status).toBe(200);
      const product = await one.get(`${b.baseUrl}/api/products/${productId}?version=${answered.body.version}`);
      if (product.stockQuantity !== stockQuantity) stale.push(`product ${round}`);
      // The list the client is answered by A, then its refetch through B.
      const fromA = await (await fetch(`${a.baseUrl}/api/products?version=${catalogVersion(list)}`)).json();
      list = await all.get(`${b.baseUrl}/api/products?version=${catalogVersion(fromA)}`);
      if (list.find((p: { id: number }) => p.id === productId)?.stockQuantity !== stockQuantity) stale.push(`list ${round}`);
    }
    expect(stale).toEqual([]);
  });
});

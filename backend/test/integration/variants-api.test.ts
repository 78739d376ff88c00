import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { AdminClient } from '../support/admin-client';
import { sentMail } from '../support/mailbox';
import { sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** Products with sizes through the API, as the studio and its shoppers use it: the catalogue, the admin, the cart, an order and its refund. */
let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  // Square tells the shop of a refund's end with `refund.updated`, as it would in production.
  t = await startTestApp({}, { squareWebhooks: {} });
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(() => t?.close());

interface Variant {
  id: string;
  name: string;
  options: Record<string, string>;
  price: string;
  inStock: boolean;
  stockQuantity: number;
  sku: string | null;
  imageUrl: string;
}

/** A hoodie in S, M, L at different prices (M short, L sold out), added in the admin. */
async function sizedHoodie(name = `Wraith Hoodie ${Math.random().toString(36).slice(2, 7)}`) {
  const res = await admin.post('/api/admin/products', {
    name,
    description: 'Sized for a test.',
    category: 'apparel',
    images: ['/images/products/raven.svg', '/images/products/moon.svg'],
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    variants: [
      { options: { Size: 'S' }, price: '60.00', stockQuantity: 4, sku: 'WR-S' },
      { options: { Size: 'M' }, price: '60.00', stockQuantity: 1, sku: 'WR-M', imageUrl: '/images/products/moon.svg' },
      { options: { Size: 'L' }, price: '64.50', stockQuantity: 0 },
    ],
  });
  expect(res.status).toBe(201);
  const [s, m, l] = res.body.variants as Variant[];
  return { id: res.body.id as number, name, s: s!, m: m!, l: l!, body: res.body };
}

const newCart = async () =>
  (
    await t.http
      .post('/api/cart')
      .send({ sessionId: `session_${Date.now()}_${Math.random().toString(36).slice(2)}` })
      .expect(201)
  ).body as { id: string; sessionId: string };
const add = (cartId: string, body: object) => t.http.post(`/api/cart/${cartId}/items`).send(body);
const product = async (id: number) => (await t.http.get(`/api/products/${id}`).expect(200)).body;

describe('the catalogue', () => {
  it('shows a sized product with its options, variants, gallery, lowest and highest price and the sum it can sell', async () => {
    const { id, s, m, l } = await sizedHoodie();
    const p = await product(id);
    expect(p).toMatchObject({
      price: '60.00',
      priceMax: '64.50',
      imageUrl: '/images/products/raven.svg',
      images: ['/images/products/raven.svg', '/images/products/moon.svg'],
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      inStock: true,
      stockQuantity: 5,
    });
    expect(p.variants).toEqual([
      { id: s.id, name: 'S', options: { Size: 'S' }, sku: 'WR-S', price: '60.00', inStock: true, stockQuantity: 4, imageUrl: '/images/products/raven.svg' },
      { id: m.id, name: 'M', options: { Size: 'M' }, sku: 'WR-M', price: '60.00', inStock: true, stockQuantity: 1, imageUrl: '/images/products/moon.svg' },
      { id: l.id, name: 'L', options: { Size: 'L' }, sku: null, price: '64.50', inStock: false, stockQuantity: 0, imageUrl: '/images/products/raven.svg' },
    ]);
    expect([s.id, m.id, l.id]).toEqual([`${id}-1`, `${id}-2`, `${id}-3`]);
  });
});

describe('the admin', () => {
  it('refuses variants the options do not allow, with a message, and adds nothing', async () => {
    const before = (await admin.get('/api/admin/products')).body.length;
    const cases: [object, RegExp][] = [
      [{ options: [{ name: 'Size', values: ['S', 'M'] }], variants: [{ options: { Size: 'XL' }, price: '10' }] }, /one value of each option/],
      [
        {
          options: [{ name: 'Size', values: ['S'] }],
          variants: [
            { options: { Size: 'S' }, price: '10' },
            { options: { Size: 'S' }, price: '12' },
          ],
        },
        /Two variants are S/,
      ],
      [
        {
          options: [],
          variants: [
            { options: {}, price: '10' },
            { options: {}, price: '12' },
          ],
        },
        /without options has exactly one variant/,
      ],
      [{ options: [{ name: 'Size', values: ['S', 's'] }], variants: [{ options: { Size: 'S' }, price: '10' }] }, /lists s twice/],
      [{ options: [{ name: 'Size', values: ['S'] }], variants: [{ options: { Size: 'S' }, price: 'ten' }] }, /price must be an amount/],
    ];
    for (const [body, message] of cases) {
      const refused = await admin.post('/api/admin/products', { name: 'Refused Hoodie', ...body });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect((await admin.get('/api/admin/products')).body.length).toBe(before);
  });

  it('edits the variants table: a row with an id is edited, one without is added, one left out stops selling', async () => {
    const { id, s, m, l } = await sizedHoodie();
    const res = await admin.patch(`/api/admin/products/${id}`, {
      options: [{ name: 'Size', values: ['S', 'M', 'XL'] }],
      variants: [
        { id: s.id, options: { Size: 'S' }, price: '58.00' },
        { id: m.id, options: { Size: 'M' }, price: '60.00', stockQuantity: 6 },
        { options: { Size: 'XL' }, price: '66.00', stockQuantity: 2 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.variants.map((v: Variant) => [v.id, v.name, v.price, v.stockQuantity])).toEqual([
      [s.id, 'S', '58.00', 4],
      [m.id, 'M', '60.00', 6],
      [`${id}-4`, 'XL', '66.00', 2],
    ]);
    const p = await product(id);
    expect(p.variants.map((v: Variant) => v.id)).not.toContain(l.id);
    expect(p).toMatchObject({ price: '58.00', priceMax: '66.00', stockQuantity: 12 });
  });

  it("sets one variant's stock; the product-wide stock route asks which variant", async () => {
    const { id, m } = await sizedHoodie();
    const set = await admin.put(`/api/admin/products/${id}/variants/${m.id}/stock`, { stockQuantity: 9 });
    expect(set.status).toBe(200);
    expect(set.body.variants.find((v: Variant) => v.id === m.id)).toMatchObject({ stockQuantity: 9, inStock: true, reservedQuantity: 0, waiting: 0 });
    const soldOut = await admin.put(`/api/admin/products/${id}/variants/${m.id}/stock`, { inStock: false, stockQuantity: 9 });
    expect((await product(id)).variants.find((v: Variant) => v.id === m.id)).toMatchObject({ inStock: false, stockQuantity: 0 });
    expect(soldOut.body.variants.find((v: Variant) => v.id === m.id)).toMatchObject({ inStock: false, stockQuantity: 9 });

    const whole = await admin.put(`/api/admin/products/${id}/stock`, { stockQuantity: 3 });
    expect(whole.status).toBe(409);
    expect(whole.body.code).toBe('VARIANT_REQUIRED');
    const unknown = await admin.put(`/api/admin/products/${id}/variants/${id}-99/stock`, { stockQuantity: 3 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('VARIANT_NOT_FOUND');
    const price = await admin.patch(`/api/admin/products/${id}`, { price: '70' });
    expect(price.status).toBe(409);
    expect(price.body.code).toBe('VARIANT_REQUIRED');
  });

  it('keeps the old body working: one price and one stock make a product with one variant', async () => {
    const res = await admin.post('/api/admin/products', { name: 'Plain Patch', price: '9.00', category: 'patches', stockQuantity: 3, imageUrl: '/images/products/skull.svg' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ options: [], images: ['/images/products/skull.svg'], variants: [{ id: `${res.body.id}-1`, name: '', options: {}, price: '9.00', stockQuantity: 3 }] });
    expect((await admin.put(`/api/admin/products/${res.body.id}/stock`, { stockQuantity: 5 })).body).toMatchObject({ stockQuantity: 5 });
    expect((await admin.patch(`/api/admin/products/${res.body.id}`, { price: '11' })).body).toMatchObject({ price: '11.00', priceMax: '11.00' });
  });
});

describe('the cart', () => {
  it('needs a variant for a sized product, refuses an unknown one, a sold-out one and more than there is', async () => {
    const { id, m, l } = await sizedHoodie();
    const cart = await newCart();
    const cases: [object, number, string][] = [
      [{ productId: id, quantity: 1 }, 400, 'VARIANT_REQUIRED'],
      [{ productId: id, variantId: `${id}-42`, quantity: 1 }, 404, 'VARIANT_NOT_FOUND'],
      [{ productId: id, variantId: l.id, quantity: 1 }, 409, 'OUT_OF_STOCK'],
      [{ productId: id, variantId: m.id, quantity: 2 }, 409, 'INSUFFICIENT_STOCK'],
    ];
    for (const [body, status, code] of cases) {
      const res = await add(cart.id, body);
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    const short = await add(cart.id, { productId: id, variantId: m.id, quantity: 2 });
    expect(short.body.message).toMatch(/Only 1 of .*, M left/);
    expect((await t.http.get(`/api/cart/${cart.sessionId}`).expect(200)).body.items).toEqual([]);
  });

  it('keeps two sizes of one product as two lines, each with its price and name', async () => {
    const { id, s, m } = await sizedHoodie();
    const cart = await newCart();
    await add(cart.id, { productId: id, variantId: s.id, quantity: 1 }).expect(200);
    await add(cart.id, { productId: id, variantId: m.id, quantity: 1 }).expect(200);
    const res = await add(cart.id, { productId: id, variantId: s.id, quantity: 1 }).expect(200);
    expect(res.body.items.map((i: { variantId: string; variantName: string; quantity: number; price: string }) => [i.variantId, i.variantName, i.quantity, i.price])).toEqual([
      [s.id, 'S', 2, '60.00'],
      [m.id, 'M', 1, '60.00'],
    ]);
    expect(res.body.cart.totalAmount).toBe('180.00');
    expect(res.body.items[1].product.imageUrl).toBe('/images/products/moon.svg');
  });

  it('stops selling a variant the studio removed', async () => {
    const { id, s, m } = await sizedHoodie();
    await admin.patch(`/api/admin/products/${id}`, { options: [{ name: 'Size', values: ['S'] }], variants: [{ id: s.id, options: { Size: 'S' }, price: '60.00' }] });
    const res = await add((await newCart()).id, { productId: id, variantId: m.id, quantity: 1 });
    expect([res.status, res.body.code]).toEqual([409, 'OUT_OF_STOCK']);
  });
});

describe('an order of two sizes', () => {
  it('names the variant of each line on the order, the status page, the email and the admin order page; a refund of M restocks M', async () => {
    const { id, s, m, name } = await sizedHoodie();
    await admin.put(`/api/admin/products/${id}/variants/${m.id}/stock`, { stockQuantity: 3 });
    const cart = await newCart();
    await add(cart.id, { productId: id, variantId: s.id, quantity: 1 }).expect(200);
    await add(cart.id, { productId: id, variantId: m.id, quantity: 2 }).expect(200);
    const paid = await t.http.post('/api/square/process-payment').send({
      sourceId: 'cnon:card-nonce-ok',
      amountMoney: { amount: '18000', currency: 'USD' },
      customerName: 'Lydia Deetz',
      customerEmail: 'lydia.sizes@example.com',
      fulfillmentMethod: 'pickup',
      cartId: cart.id,
    });
    expect(paid.body).toMatchObject({ success: true });
    const status = (await t.http.get(`/api/order-status/${paid.body.statusToken}`).expect(200)).body;
    expect(status.items.map((i: { name: string; variantName: string; quantity: number }) => [i.name, i.variantName, i.quantity])).toEqual([
      [name, 'S', 1],
      [name, 'M', 2],
    ]);
    const stock = async () => (await product(id)).variants.map((v: Variant) => v.stockQuantity);
    expect(await stock()).toEqual([3, 1, 0]);

    const [order] = await sql<{ id: string; order_number: string }>(t, 'select id, order_number from orders where cart_id = ?', [cart.id]);
    const details = (await admin.get(`/api/admin/orders/${order!.id}`)).body;
    expect(details.items.map((i: { variantId: string; variantName: string }) => [i.variantId, i.variantName])).toEqual([
      [s.id, 'S'],
      [m.id, 'M'],
    ]);

    const deadline = Date.now() + 30_000;
    let confirmation: { raw: string } | undefined;
    while (!confirmation && Date.now() < deadline) {
      await t.app.get(OutboxRelay).tick();
      confirmation = (await sentMail(t.dataDir)).find((mail) => mail.raw.includes(order!.order_number) && mail.to.includes('lydia.sizes@example.com'));
      if (!confirmation) await new Promise((r) => setTimeout(r, 200));
    }
    expect(confirmation?.raw).toContain(`${name}, M`);

    const refund = await admin.post(`/api/admin/orders/${order!.id}/refunds`, { lines: [{ itemId: 1, quantity: 2, restock: true }], reason: 'Too small' });
    expect(refund.status).toBe(201);
    const restocked = Date.now() + 30_000;
    while ((await stock())[1] !== 3 && Date.now() < restocked) {
      await t.app.get(OutboxRelay).tick();
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await stock()).toEqual([3, 3, 0]);
  });
});

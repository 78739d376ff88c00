import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ProductIds, Products } from '../../src/catalog';
import { systemContext } from '../../src/platform/context/request-context';
import { AdminClient } from '../support/admin-client';
import { addProduct, cartWith, payForCart } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { until } from '../support/until';

const PUBLIC_URL = 'https://shop.darkcircle.test';
let t: TestApp;
let replica: TestApp;
let admin: AdminClient;
/** Without PUBLIC_URL, the address the request came in on. */
let origin: string;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO_CATALOG: 'true' });
  origin = t.baseUrl;
  // Another API process on the same database, behind its public address: the feed there must follow a sale here.
  replica = await startTestApp({ PUBLIC_URL }, { shareDatabaseOf: t, worker: false });
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(async () => {
  await replica?.close();
  await t?.close();
});

// A real XML parser: the namespace prefix kept on names (`g:id`), every repeatable element an array.
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['url', 'item', 'g:additional_image_link'].includes(name) });
function parsed(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

type FeedItem = Record<string, any>;
const feedOf = async (app: TestApp): Promise<{ channel: any; items: FeedItem[] }> => {
  const res = await app.http
    .get('/feeds/google-merchant.xml')
    .expect(200)
    .expect('Content-Type', /application\/xml/);
  const { rss } = parsed(res.text);
  expect(rss['@version']).toBe('2.0');
  expect(rss['@xmlns:g']).toBe('http://base.google.com/ns/1.0');
  return { channel: rss.channel, items: rss.channel.item ?? [] };
};
const itemOf = (items: FeedItem[], variantId: string) => items.find((i) => String(i['g:id']) === variantId);

describe('/sitemap.xml', () => {
  it('lists the home page, every listed product (sold out too) with its last change, the category pages and the policy pages, on PUBLIC_URL', async () => {
    const res = await t.http
      .get('/sitemap.xml')
      .expect(200)
      .expect('Content-Type', /application\/xml/);
    const { urlset } = parsed(res.text);
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = urlset.url as { loc: string; lastmod?: string }[];
    const locs = urls.map((u) => u.loc);
    expect(locs).toEqual(expect.arrayContaining([`${origin}/`, `${origin}/shop/patches`, `${origin}/shop/apparel`, `${origin}/shipping`, `${origin}/privacy`, `${origin}/terms`]));
    const products = (await t.http.get('/api/products').expect(200)).body as { id: number; inStock: boolean }[];
    expect(products.some((p) => !p.inStock)).toBe(true);
    for (const p of products) expect(locs).toContain(`${origin}/product/${p.id}`);
    expect(locs.filter((l) => l.includes('/product/'))).toHaveLength(products.length);
    const raven = urls.find((u) => u.loc === `${origin}/product/1`)!;
    expect(new Date(raven.lastmod!).toISOString()).toBe(raven.lastmod);
  });

  it("moves a product's lastmod on when it changes, and leaves out a draft", async () => {
    const lastmodOf = async (id: number) => {
      const urls = parsed((await t.http.get('/sitemap.xml')).text).urlset.url as { loc: string; lastmod: string }[];
      return urls.find((u) => u.loc === `${origin}/product/${id}`)?.lastmod;
    };
    const id = await addProduct(t, { name: 'Sitemap Patch', priceCents: 900, stockQuantity: 2 });
    const before = await lastmodOf(id);
    expect(before).toBeDefined();
    await new Promise((r) => setTimeout(r, 5));
    await t.app.get(Products).run(id, { kind: 'ChangeProductDetails', changes: { description: 'Changed.' } }, systemContext());
    expect(Date.parse((await lastmodOf(id))!)).toBeGreaterThan(Date.parse(before!));
    await t.app.get(Products).run(id, { kind: 'SetProductStatus', status: 'draft' }, systemContext());
    expect(await lastmodOf(id)).toBeUndefined();
  });

  it('puts every address on PUBLIC_URL when it is set', async () => {
    const locs = (parsed((await replica.http.get('/sitemap.xml').expect(200)).text).urlset.url as { loc: string }[]).map((u) => u.loc);
    expect(locs.length).toBeGreaterThan(10);
    for (const loc of locs) expect(loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    const { items } = await feedOf(replica);
    for (const i of items) expect(i.link.startsWith(`${PUBLIC_URL}/product/`)).toBe(true);
    expect((await replica.http.get('/robots.txt')).text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('/robots.txt', () => {
  it('names the sitemap and keeps crawlers out of the admin, the API, the cart and the order pages', async () => {
    const res = await t.http
      .get('/robots.txt')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    const lines = res.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    for (const path of ['/admin', '/api/', '/cart', '/order-confirmation', '/order-status/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /');
  });
});

describe('/feeds/google-merchant.xml', () => {
  it('has one item per variant, grouped by product, with what Merchant Center asks of apparel', async () => {
    const { channel, items } = await feedOf(t);
    expect(channel.title).toBe('The Dark Circle');
    expect(channel.link).toBe(`${origin}/`);
    const products = (await t.http.get('/api/products').expect(200)).body as { id: number; variants: { id: string }[] }[];
    expect(items).toHaveLength(products.reduce((n, p) => n + p.variants.length, 0));
    for (const i of items) {
      expect(i['g:item_group_id']).toBeDefined();
      expect(i['g:condition']).toBe('new');
      expect(i['g:identifier_exists']).toBe('no');
      expect(i['g:price']).toMatch(/^\d+\.\d{2} USD$/);
      expect(['in_stock', 'out_of_stock']).toContain(i['g:availability']);
      expect(i['g:brand']).toBe('The Dark Circle');
    }
    const coven = products.find((p) => p.variants.length === 4)!;
    const medium = itemOf(items, coven.variants[1].id)!;
    expect(medium).toMatchObject({
      'g:item_group_id': coven.id,
      title: 'Coven Zip Hoodie — M',
      link: `${origin}/product/${coven.id}?variant=${encodeURIComponent(coven.variants[1].id)}`,
      'g:image_link': `${origin}/images/products/raven.svg`,
      'g:additional_image_link': [`${origin}/images/products/moon.svg`, `${origin}/images/products/eye.svg`],
      'g:price': '72.00 USD',
      'g:size': 'M',
      'g:color': 'Black',
      'g:gender': 'unisex',
      'g:age_group': 'adult',
      // At or above the free-shipping threshold ($50.00): nothing to ship it.
      'g:shipping': { 'g:country': 'US', 'g:service': 'Standard Shipping', 'g:price': '0.00 USD' },
    });
    const extraLarge = itemOf(items, coven.variants[3].id)!;
    expect(extraLarge['g:availability']).toBe('out_of_stock');
    // A $9.00 patch: the flat rate; and no apparel attributes.
    const skull = items.find((i) => i.title === 'Skull Iron-On Patch')!;
    expect(skull['g:shipping']['g:price']).toBe('5.00 USD');
    expect(skull['g:gender']).toBeUndefined();
    expect(skull['g:size']).toBeUndefined();
  });

  it('escapes text: a name with </script>, quotes, & and HTML arrives as that text', async () => {
    const name = `Bat "Noir" & Co's </script><script>alert(1)</script> <b>Patch</b>`;
    const description = `Stitched <i>by hand</i> & sealed; "quotes" and 'apostrophes' ]]> too.`;
    const productId = await t.app.get(ProductIds).next();
    await t.app.get(Products).run(
      productId,
      {
        kind: 'AddProduct',
        name,
        description,
        category: 'patches',
        images: ['/images/products/bat.svg'],
        options: [],
        variants: [{ options: {}, priceCents: 1200, stock: { inStock: true, stockQuantity: 3 } }],
      },
      systemContext(),
    );
    const res = await t.http.get('/feeds/google-merchant.xml').expect(200);
    expect(res.text).not.toContain('</script><script>');
    expect(res.text).not.toContain('<b>Patch');
    const item = itemOf(parsed(res.text).rss.channel.item, `${productId}-1`)!;
    expect(item.title).toBe(name);
    expect(item.description).toBe(description);
    expect(item['g:price']).toBe('12.00 USD');
  });

  it('answers 304 to the ETag of an unchanged feed, and a new ETag once it changes', async () => {
    const first = await t.http.get('/feeds/google-merchant.xml').expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await t.http.get('/feeds/google-merchant.xml').set('If-None-Match', etag).expect(304);
    expect(unchanged.text).toBe('');
    await addProduct(t, { name: 'ETag Patch', priceCents: 700, stockQuantity: 1 });
    const changed = await t.http.get('/feeds/google-merchant.xml').set('If-None-Match', etag).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.text).toContain('ETag Patch');
  });

  it('shows a size out of stock once its last unit sells, here and on another replica within seconds', async () => {
    const productId = await addProduct(t, { name: 'Last One Patch', priceCents: 1500, stockQuantity: 1 });
    const variantId = `${productId}-1`;
    await until(async () => itemOf((await feedOf(replica)).items, variantId)?.['g:availability'] === 'in_stock');
    const held = await replica.http.get('/feeds/google-merchant.xml').expect(200);

    const cart = await cartWith(t, { [productId]: 1 });
    expect((await payForCart(t, cart.id, 1500)).body).toMatchObject({ success: true });

    expect(itemOf((await feedOf(t)).items, variantId)!['g:availability']).toBe('out_of_stock');
    await until(async () => itemOf((await feedOf(replica)).items, variantId)?.['g:availability'] === 'out_of_stock');
    await replica.http.get('/feeds/google-merchant.xml').set('If-None-Match', held.headers.etag).expect(200);
  });

  it('carries the settings the studio edits: brand, who the clothing is for, its default colour', async () => {
    expect((await admin.get('/api/admin/settings')).body).toEqual({ brand: 'The Dark Circle', apparelGender: 'unisex', apparelAgeGroup: 'adult', defaultColor: 'Black' });
    const changed = await admin.patch('/api/admin/settings', { brand: 'Dark Circle Studio', apparelGender: 'female', defaultColor: '' });
    expect(changed).toMatchObject({ status: 200, body: { brand: 'Dark Circle Studio', apparelGender: 'female', apparelAgeGroup: 'adult', defaultColor: '' } });

    const { channel, items } = await feedOf(t);
    expect(channel.title).toBe('Dark Circle Studio');
    const raven = items.find((i) => i.title === 'Raven Embroidered Hoodie')!;
    expect(raven).toMatchObject({ 'g:brand': 'Dark Circle Studio', 'g:gender': 'female', 'g:age_group': 'adult' });
    expect(raven['g:color']).toBeUndefined();
    await until(async () => (await feedOf(replica)).channel.title === 'Dark Circle Studio');
  });

  it('refuses settings it cannot use, with 400 and a message, changing nothing; anonymous callers get 401', async () => {
    const before = (await admin.get('/api/admin/settings')).body;
    for (const body of [{ apparelGender: 'other' }, { brand: '' }, { apparelAgeGroup: 'elder' }, { defaultColor: 'x'.repeat(41) }, {}, { colour: 'Red' }]) {
      const res = await admin.patch('/api/admin/settings', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    expect((await admin.get('/api/admin/settings')).body).toEqual(before);
    expect((await AdminClient.anonymous(t.baseUrl).patch('/api/admin/settings', { brand: 'Hijacked' })).status).toBe(401);
  });
});

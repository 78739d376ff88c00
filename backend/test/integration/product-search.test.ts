import { ProductIds, Products } from '../../src/catalog';
import { systemContext } from '../../src/platform/context/request-context';
import { sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO_CATALOG: 'true' });
});
afterAll(() => t.close());

type Found = { id: number; name: string; category: string; inStock: boolean };
const search = async (q: string): Promise<Found[]> => (await t.http.get('/api/products').query({ q }).expect(200).expect('Content-Type', /json/)).body;
const names = async (q: string) => (await search(q)).map((p) => p.name);

async function addProduct(product: { name: string; description: string; category: string; options?: { name: string; values: string[] }[]; skus?: string[]; draft?: boolean }) {
  const productId = await t.app.get(ProductIds).next();
  const values = product.options?.[0]?.values ?? [''];
  await t.app.get(Products).run(
    productId,
    {
      kind: 'AddProduct',
      name: product.name,
      description: product.description,
      category: product.category as 'patches',
      images: [],
      options: product.options ?? [],
      draft: product.draft,
      variants: values.map((value, i) => ({
        options: product.options ? { [product.options[0].name]: value } : {},
        sku: product.skus?.[i] ?? null,
        priceCents: 1500,
        stock: { inStock: true, stockQuantity: 3 },
      })),
    } as never,
    systemContext(),
  );
  return productId;
}

describe('GET /api/products?q=', () => {
  it('forgives typos: "ravn hodie" finds the Raven hoodie first, then the hoodie with a raven on its back', async () => {
    const found = await names('ravn hodie');
    expect(found[0]).toBe('Raven Embroidered Hoodie');
    expect(found).toContain('Coven Zip Hoodie');
    expect(found).not.toContain('Skull Iron-On Patch');
  });

  it('ranks a match in the name above one in the description', async () => {
    const found = await names('raven');
    expect(found.indexOf('Raven Embroidered Hoodie')).toBe(0);
    // "a raven, a crescent moon and an all-seeing eye stitched down the back"
    expect(found.indexOf('Coven Zip Hoodie')).toBeGreaterThan(0);
  });

  it('finds as the shopper types: a word begun is a prefix', async () => {
    expect((await names('rav'))[0]).toBe('Raven Embroidered Hoodie');
    expect(await names('patc')).toEqual(expect.arrayContaining(['Skull Iron-On Patch', 'Crescent Moon Patch']));
  });

  it('finds by category, by the label shoppers read as well as the slug, sold-out pieces too', async () => {
    const clothing = await search('clothing');
    expect(clothing.length).toBeGreaterThan(2);
    expect(clothing.every((p) => p.category === 'apparel')).toBe(true);
    expect(clothing.some((p) => !p.inStock)).toBe(true);
    expect((await search('patches')).every((p) => p.category === 'patches')).toBe(true);
  });

  it('finds by option value and by SKU, an exact SKU first', async () => {
    await addProduct({ name: 'Widow Beanie', description: 'Ribbed knit beanie.', category: 'apparel', options: [{ name: 'Color', values: ['Oxblood', 'Ink'] }], skus: ['WB-OX', 'WB-INK'] });
    expect(await names('oxblood')).toEqual(['Widow Beanie']);
    expect((await names('DC-COVEN-M'))[0]).toBe('Coven Zip Hoodie');
    expect(await names('wb-ink')).toEqual(['Widow Beanie']);
  });

  it('keeps up with the catalogue: a renamed product is found by its new name, a draft never', async () => {
    const id = await addProduct({ name: 'Lantern Tote', description: 'Canvas tote.', category: 'other' });
    await addProduct({ name: 'Lantern Secret', description: 'Not ready.', category: 'other', draft: true });
    expect(await names('lantern')).toEqual(['Lantern Tote']);
    await t.app.get(Products).run(id, { kind: 'ChangeProductDetails', changes: { name: 'Gaslight Tote' } }, systemContext());
    expect(await names('gaslight')).toEqual(['Gaslight Tote']);
    expect(await names('lantern tote')).toEqual([]);
  });

  it('answers an empty list for a q with nothing to search by', async () => {
    for (const q of ['', '   ', 'the', '.*', '%', '!!!', 'zzzzqqqq']) expect(await search(q)).toEqual([]);
  });

  it('takes SQL, tsquery and regex syntax as plain words, never as syntax', async () => {
    const attempts = [
      "'; drop table products; --",
      "raven' or '1'='1",
      'raven:* | !skull & (',
      "\\'\\\\ ''' \\",
      '[a-z]+(.*)\\d{3,}$^',
      'ravn%_\\%',
      '<script>alert(1)</script>',
      '日本語 é ø 🦇',
    ];
    for (const q of attempts) await search(q);
    // The words stay words: the raven is found past the quote and the comment.
    expect((await names("raven'; --"))[0]).toBe('Raven Embroidered Hoodie');
    expect(Number((await sql<{ n: string }>(t, 'select count(*) as n from products'))[0].n)).toBeGreaterThan(10);
  });

  it('refuses a q longer than a shopper types, or with control characters, with 400 and a message', async () => {
    const long = await t.http
      .get('/api/products')
      .query({ q: 'raven '.repeat(84) })
      .expect(400);
    expect(long.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('q must be at most 200 characters.') });
    const control = await t.http.get('/api/products').query({ q: 'raven\u0007' }).expect(400);
    expect(control.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('control characters') });
  });

  it('answers a long run of words quickly and in full: only the longest eight are searched by', async () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}x`).join(' ');
    expect(await search(many.slice(0, 200))).toEqual([]);
  });
});

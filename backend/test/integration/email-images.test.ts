import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { EMAIL_IMAGE_SIZE, EmailImages } from '../../src/catalog/email-images';
import { ProductImages } from '../../src/catalog/product-images';
import { OrderEmailContexts } from '../../src/orders/order-email-context';
import { BRAND } from '../../src/mail';
import { addProduct } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * `GET /email-images/<productId>.png`: each product's picture as a small PNG every mail client
 * shows, drawn from the catalogue's own file (the built storefront's SVG, an upload's WebP) or
 * redirected to a picture hosted elsewhere.
 */
const PUBLIC_URL = 'https://shop.example';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL });
});
afterAll(() => t?.close());

let products = 0;
const product = (imageUrl: string) => addProduct(t, { name: `Pictured ${++products}`, priceCents: 1000, stockQuantity: 3, imageUrl });
const fetchImage = (path: string) => fetch(`${t.baseUrl}${path}`, { redirect: 'manual' });

async function expectThumbnail(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  // Loads in a webmail page of another origin, under the shop's headers.
  expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha }).toEqual({
    format: 'png',
    width: EMAIL_IMAGE_SIZE,
    height: EMAIL_IMAGE_SIZE,
    hasAlpha: false,
  });
  return bytes;
}

/** The colour of one pixel of a PNG, as [r, g, b]. */
async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

/** Within a few steps of the colour on each channel (WebP is lossy). */
const near = (rgb: number[], hex: string) => rgb.every((v, c) => Math.abs(v - parseInt(hex.slice(1 + 2 * c, 3 + 2 * c), 16)) <= 4);

describe('a product picture for the emails', () => {
  it("draws a demo product's SVG (from the built storefront) as a square PNG", async () => {
    const id = await product('/images/products/skull.svg');
    await expectThumbnail(await fetchImage(`/email-images/${id}.png`));
  });

  it("draws an uploaded picture's WebP as a PNG, cropped square and flattened on the emails' colour", async () => {
    // A wide picture whose left half is transparent: the left edge of the square crop shows the email's colour.
    const wide = await sharp({ create: { width: 600, height: 600, channels: 4, background: { r: 200, g: 30, b: 40, alpha: 1 } } })
      .extend({ left: 600, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const stored = await t.app.get(ProductImages).store(wide);
    expect(stored.imageUrl).toMatch(/^\/uploads\/[0-9a-f]+-800\.webp$/);
    const png = await expectThumbnail(await fetchImage(`/email-images/${await product(stored.imageUrl)}.png`));
    expect(near(await pixel(png, 2, 96), BRAND.raised)).toBe(true);
    expect(near(await pixel(png, 189, 96), '#c81e28')).toBe(true);
  });

  it("redirects to a picture hosted elsewhere (Square's catalogue images)", async () => {
    const url = 'https://items-images-production.s3.us-west-2.amazonaws.com/files/raven/original.jpeg';
    const res = await fetchImage(`/email-images/${await product(url)}.png`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(url);
  });

  it('answers 404 for an unknown product or one without a picture, 400 for an id that is not a number, in the one error shape', async () => {
    for (const path of ['/email-images/987654321.png', `/email-images/${await product('')}.png`]) {
      const res = await t.http.get(path).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: expect.stringMatching(/has no picture/), correlationId: expect.any(String) });
    }
    for (const id of ['abc', '1.5', '-1', '..', '1234567890']) {
      const res = await t.http.get(`/email-images/${id}.png`).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('reads no file outside the uploads and the storefront’s images, whatever path the catalogue holds', async () => {
    // A real picture beside the upload folder (in DATA_DIR), which a path climbing out of uploads/ would reach.
    await writeFile(
      join(t.dataDir, 'secret.png'),
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer(),
    );
    for (const picture of [
      '/uploads/..%2Fsecret.png',
      '/uploads/%2E%2E/secret.png',
      '/uploads/../secret.png',
      '/images/..%2F..%2Fpackage.json',
      '/secret.png',
      '/uploads/missing-800.webp',
    ]) {
      await t.http.get(`/email-images/${await product(picture)}.png`).expect(404);
    }
  });

  it('draws each picture once: later requests, and requests at the same time, are served from memory', async () => {
    const images = t.app.get(EmailImages);
    const draw = jest.spyOn(images, 'draw');
    try {
      // Two products with the same picture share its drawing.
      const [a, b] = [await product('/images/products/moth.svg'), await product('/images/products/moth.svg')];
      const first = await Promise.all([fetchImage(`/email-images/${a}.png`), fetchImage(`/email-images/${a}.png`)]);
      const bodies = await Promise.all([...first, await fetchImage(`/email-images/${a}.png`), await fetchImage(`/email-images/${b}.png`)].map(expectThumbnail));
      expect(draw).toHaveBeenCalledTimes(1);
      expect(new Set(bodies.map((body) => body.toString('base64'))).size).toBe(1);
    } finally {
      draw.mockRestore();
    }
  });
});

describe("the order emails' pictures", () => {
  it('link the PNG of each product still in the catalogue, and none for a product gone', async () => {
    const id = await product('/images/products/raven.svg');
    const context = await t.app.get(OrderEmailContexts).of({
      orderId: '00000000-0000-4000-8000-000000000001',
      lines: [
        { productId: id, name: 'Raven', quantity: 1, unitPriceCents: 1000 },
        { productId: 987654321, name: 'Gone', quantity: 1, unitPriceCents: 500 },
      ],
    });
    expect(context.lineImages).toEqual([`${PUBLIC_URL}/email-images/${id}.png`, null]);
  });
});

import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { AdminClient } from '../support/admin-client';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
let admin: AdminClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

const picture = (format: 'png' | 'jpeg', width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 20, b: 60 } } })
    [format]()
    .toBuffer();

function upload(bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return admin.post('/api/admin/uploads', form);
}

describe('product image upload', () => {
  it.each(['png', 'jpeg'] as const)('accepts a %s and serves it in web sizes with long cache headers', async (format) => {
    const sent = await upload(await picture(format), `raven.${format}`, `image/${format}`);
    expect(sent.status).toBe(201);
    expect(sent.body.imageUrl).toBe(sent.body.sizes['800']);
    for (const [width, url] of Object.entries(sent.body.sizes as Record<string, string>)) {
      const served = await fetch(`${t.baseUrl}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      // Never enlarged: the 1600 size of a 1200-wide picture stays 1200 wide.
      expect(meta.width).toBe(Math.min(Number(width), 1200));
    }
  });

  it('refuses a text file renamed .png, judging by content', async () => {
    const sent = await upload(Buffer.from('just some words, not a picture'), 'fake.png', 'image/png');
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ code: 'UNSUPPORTED_IMAGE', message: expect.stringMatching(/not a picture we can use/) });
  });

  it('refuses an SVG, which could carry script', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const sent = await upload(Buffer.from(svg), 'logo.png', 'image/png');
    expect(sent.status).toBe(400);
    expect(sent.body.code).toBe('UNSUPPORTED_IMAGE');
  });

  it('refuses an image over 5 MB', async () => {
    // Noise does not compress: an uncompressed 1500×1500 PNG of it is about 6.75 MB.
    const big = await sharp(randomBytes(1500 * 1500 * 3), { raw: { width: 1500, height: 1500, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
    const sent = await upload(big, 'huge.png', 'image/png');
    expect(sent.status).toBe(413);
    expect(sent.body).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: 'The image is larger than 5 MB.' });
    // The refused body's rest was read and dropped, so the kept-alive connection serves the next call.
    expect((await upload(await picture('png'), 'raven.png', 'image/png')).status).toBe(201);
  });

  it('refuses a request without a file', async () => {
    expect((await admin.post('/api/admin/uploads', { image: 'x' })).status).toBe(400);
    const fieldsOnly = new FormData();
    fieldsOnly.append('caption', 'a raven');
    expect(await admin.post('/api/admin/uploads', fieldsOnly)).toMatchObject({ status: 400, body: { message: 'No image was sent.' } });
  });

  it('refuses a multipart body it cannot read with a 400 that says why', async () => {
    const sent = await admin.call('POST', '/api/admin/uploads', undefined, { 'content-type': 'multipart/form-data' });
    expect(sent.status).toBe(400);
    expect(sent.body.message).toMatch(/^The upload could not be read: .*boundary/i);
  });
});

import sharp from 'sharp';
import { EMAIL_IMAGE_SIZE, pictureHash, pictureRendition, renderPicture, renditionName, renditionOf } from './picture-renditions';

const hash = '0123456789abcdef01234567';

describe("a picture's renditions", () => {
  it('are named by the picture’s hash, width and format', () => {
    expect(['grid', 'page', 'large', 'share', 'email'].map((use) => renditionName(hash, use as never))).toEqual([
      `${hash}-400.webp`,
      `${hash}-800.webp`,
      `${hash}-1600.webp`,
      `${hash}-1200.jpg`,
      `${hash}-192.png`,
    ]);
    expect(pictureHash(Buffer.from('a picture'))).toMatch(/^[0-9a-f]{24}$/);
    expect(pictureHash(Buffer.from('a picture'))).not.toBe(pictureHash(Buffer.from('another')));
  });

  it('are found from the address of any other, under /uploads/ or a CDN', () => {
    expect(pictureRendition(`/uploads/${hash}-800.webp`, 'share')).toBe(`/uploads/${hash}-1200.jpg`);
    expect(pictureRendition(`https://cdn.example/uploads/${hash}-400.webp`, 'email')).toBe(`https://cdn.example/uploads/${hash}-192.png`);
    expect(pictureRendition(`${hash}-1200.jpg`, 'page')).toBe(`${hash}-800.webp`);
  });

  it('are none for a picture the shop does not keep in renditions', () => {
    for (const url of ['/images/products/moth.svg', `/uploads/${hash}-800.png`, `/uploads/${hash}-801.webp`, `/uploads/x${hash}-800.webp`, `/uploads/${hash.slice(1)}-800.webp`, '']) {
      expect({ url, rendition: pictureRendition(url, 'share') }).toEqual({ url, rendition: undefined });
    }
    expect(renditionOf(`${hash}-800.webp`)).toEqual({ hash, use: 'page' });
    expect(renditionOf(`${hash}-192.png`)).toEqual({ hash, use: 'email' });
    expect(renditionOf(`${hash}-192.webp`)).toBeUndefined();
    expect(renditionOf(`${hash}-800.webp.png`)).toBeUndefined();
  });

  it('are drawn at their widths, never enlarging a raster picture; a vector one at each width its name says', async () => {
    const raster = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#802040' } })
      .png()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300"><rect width="300" height="300" fill="#802040"/></svg>');
    for (const [picture, widths] of [
      [raster, { grid: 400, page: 800, large: 1000, share: 1000, email: EMAIL_IMAGE_SIZE }],
      [svg, { grid: 400, page: 800, large: 1600, share: 1200, email: EMAIL_IMAGE_SIZE }],
    ] as const) {
      const renditions = await renderPicture(picture);
      const drawn = await Promise.all(renditions.map(async (r) => [r.use, { ...(await sharp(r.bytes).metadata()), type: r.contentType, named: r.name }] as const));
      expect(Object.fromEntries(drawn.map(([use, m]) => [use, m.width]))).toEqual(widths);
      expect(Object.fromEntries(drawn.map(([use, m]) => [use, [m.format, m.type]]))).toEqual({
        grid: ['webp', 'image/webp'],
        page: ['webp', 'image/webp'],
        large: ['webp', 'image/webp'],
        share: ['jpeg', 'image/jpeg'],
        email: ['png', 'image/png'],
      });
      const email = drawn.find(([use]) => use === 'email')![1];
      expect([email.height, email.hasAlpha]).toEqual([EMAIL_IMAGE_SIZE, false]);
      expect(drawn.every(([, m]) => m.named.startsWith(pictureHash(picture)))).toBe(true);
    }
  });
});

import { readdirSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { addProduct } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  for (let i = 0; i < 12; i++) await addProduct(t, { name: `Compressed Coffin ${i}`, priceCents: 1000 + i, stockQuantity: 3 });
});
afterAll(() => t.close());

interface RawResponse {
  status: number;
  headers: { get(name: string): string | null };
  body: Buffer;
}

/** node:http, which (unlike fetch) neither asks for compression by itself nor undoes it. */
function raw(path: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(`${t.baseUrl}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const header = (name: string) => (res.headers[name] === undefined ? null : String(res.headers[name]));
        resolve({ status: res.statusCode!, headers: { get: header }, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}
const bytes = async (res: RawResponse) => res.body;

describe('compressed responses', () => {
  it('sends the products list in brotli or gzip, as the browser accepts, with the same content', async () => {
    const plain = await raw('/api/products');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const json = JSON.parse((await bytes(plain)).toString('utf8'));
    expect(json.length).toBeGreaterThanOrEqual(12);

    const br = await raw('/api/products', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(await bytes(br)).toString('utf8'))).toEqual(json);

    const gzip = await raw('/api/products', 'gzip, br;q=0');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bytes(gzip)).toString('utf8'))).toEqual(json);
  });

  it('serves the storefront built scripts precompressed and preloads the hero font', async () => {
    const html = (await bytes(await raw('/'))).toString('utf8');
    // The hero's display face is asked for beside the stylesheet, not after it.
    expect(html).toMatch(/<link rel="preload" as="font" type="font\/woff2" href="\/assets\/unifrakturmaguntia-latin-400-normal-[\w-]+\.woff2" crossorigin/);
    const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(readdirSync(join(__dirname, '../../../widgets/dist/assets'))).toContain(`${script!.slice('/assets/'.length)}.br`);

    const js = await raw(script!, 'gzip, br');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-encoding')).toBe('br');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(await bytes(js)).toString('utf8')).toContain('react');
  });
});

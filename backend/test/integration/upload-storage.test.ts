import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { EMAIL_IMAGE_SIZE } from '../../src/catalog/email-images';
import { AdminClient } from '../support/admin-client';
import { S3Server, startS3Server } from '../support/s3-server';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Uploads in an S3-compatible bucket shared by replicas: a picture uploaded through one API process
 * is served, byte for byte, by another, and its email picture is drawn there too.
 */
let s3: S3Server;
let a: TestApp;
let b: TestApp;
let cdn: TestApp;
let admin: AdminClient;
const CDN = 'https://cdn.example/shop';

beforeAll(async () => {
  s3 = await startS3Server();
  a = await startTestApp(s3.env);
  b = await startTestApp(s3.env, { shareDatabaseOf: a, worker: false });
  cdn = await startTestApp({ ...s3.env, UPLOADS_PUBLIC_URL: CDN }, { shareDatabaseOf: a, worker: false });
  admin = await AdminClient.signIn(a.baseUrl);
});
afterAll(async () => {
  await cdn?.close();
  await b?.close();
  await a?.close();
  await s3?.close();
});

/** A photo-like picture (noise does not compress: its WebPs run to many kilobytes). */
const photo = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();

async function upload(through: AdminClient, bytes: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'moth.jpg');
  const sent = await through.post('/api/admin/uploads', form);
  expect(sent.status).toBe(201);
  return sent.body as { imageUrl: string; sizes: Record<string, string> };
}

const bucket = () => new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });

/** A whole WebP file: RIFF's own length field counts every byte after its first eight. */
function expectWholeWebp(bytes: Buffer) {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  expect(bytes.readUInt32LE(4) + 8).toBe(bytes.length);
}

describe('uploads in an S3-compatible bucket', () => {
  it('serves a picture uploaded through one replica from another, byte for byte, with the same caching headers', async () => {
    const sent = await upload(admin, await photo(1200, 900));
    expect(sent.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{24}-800\.webp$/);
    const client = bucket();
    try {
      for (const [width, url] of Object.entries(sent.sizes)) {
        const name = url.slice('/uploads/'.length);
        const stored = Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }))).Body!.transformToByteArray());
        expectWholeWebp(stored);
        const [fromA, fromB] = await Promise.all([fetch(`${a.baseUrl}${url}`), fetch(`${b.baseUrl}${url}`)]);
        for (const served of [fromA, fromB]) {
          expect(served.status).toBe(200);
          expect(served.headers.get('content-type')).toBe('image/webp');
          expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
          expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
        }
        const bytes = Buffer.from(await fromB.arrayBuffer());
        expect(bytes.equals(stored)).toBe(true);
        expect(bytes.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
        expect((await sharp(bytes).metadata()).width).toBe(Math.min(Number(width), 1200));
        // Revalidation by the name's own tag (the name is the content's hash).
        const again = await fetch(`${b.baseUrl}${url}`, { headers: { 'if-none-match': fromB.headers.get('etag')! } });
        expect(again.status).toBe(304);
      }
    } finally {
      client.destroy();
    }
    // Nothing went to the replicas' own folders.
    for (const t of [a, b]) expect(await readdir(join(t.dataDir, 'uploads')).catch(() => [])).toEqual([]);
  });

  it('draws the email picture of a picture uploaded through one replica on another', async () => {
    const sent = await upload(admin, await photo(900, 900));
    const added = await admin.post('/api/admin/products', {
      name: 'Bucket Moth',
      description: 'From the bucket',
      price: '18.00',
      imageUrl: sent.imageUrl,
      category: 'patches',
      inStock: true,
      stockQuantity: 3,
    });
    expect(added.status).toBe(201);
    const res = await fetch(`${b.baseUrl}/email-images/${added.body.id}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: EMAIL_IMAGE_SIZE, height: EMAIL_IMAGE_SIZE });
  });

  it('answers 404 for an upload that is not in the bucket, or a name that is not an upload', async () => {
    for (const path of ['/uploads/0123456789abcdef01234567-800.webp', '/uploads/..%2Fsecret.webp', '/uploads/notes.txt']) {
      const res = await fetch(`${b.baseUrl}${path}`);
      expect(res.status).toBe(404);
    }
  });

  it('links uploads at UPLOADS_PUBLIC_URL, still serves them itself (the CDN’s origin) and draws their email pictures from the bucket', async () => {
    const signedIn = await AdminClient.signIn(cdn.baseUrl);
    const sent = await upload(signedIn, await photo(700, 700));
    expect(sent.imageUrl).toMatch(new RegExp(`^${CDN}/[0-9a-f]{24}-800\\.webp$`));
    const name = sent.imageUrl.slice(CDN.length + 1);
    const listed = await bucket().send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    expect(listed.Contents?.map((o) => o.Key)).toContain(name);
    expect((await fetch(`${a.baseUrl}/uploads/${name}`)).status).toBe(200);

    const added = await signedIn.post('/api/admin/products', {
      name: 'CDN Moth',
      description: 'From the CDN',
      price: '18.00',
      imageUrl: sent.imageUrl,
      category: 'patches',
      inStock: true,
      stockQuantity: 3,
    });
    expect(added.status).toBe(201);
    const res = await fetch(`${cdn.baseUrl}/email-images/${added.body.id}.png`, { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});

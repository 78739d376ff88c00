import { AdminClient } from '../support/admin-client';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * A product's size guide: the studio's words, written in the admin (POST and PATCH
 * /api/admin/products), shown to shoppers with the product; bad text is refused and changes nothing.
 */
let t: TestApp;
let admin: AdminClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(() => t?.close());

const GUIDE = 'Chest, laid flat:\nS 50 cm\nM 54 cm\nL 58 cm';

async function addTee(extra: Record<string, unknown> = {}) {
  return admin.post('/api/admin/products', {
    name: 'Guided Tee',
    category: 'apparel',
    price: '30.00',
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    variants: ['S', 'M', 'L'].map((size) => ({ options: { Size: size }, price: '30.00', stockQuantity: 2 })),
    ...extra,
  });
}
const shown = async (id: number) => (await t.http.get(`/api/products/${id}`).expect(200)).body as { sizeGuide: string };

describe('a size guide', () => {
  it('is kept as written (line breaks too, the ends trimmed) and shown with the product; without one it is empty', async () => {
    const guided = await addTee({ sizeGuide: `  ${GUIDE}\n` });
    expect(guided.status).toBe(201);
    expect(guided.body.sizeGuide).toBe(GUIDE);
    await expect(shown(guided.body.id)).resolves.toMatchObject({ sizeGuide: GUIDE });

    const plain = await addTee();
    expect(plain.status).toBe(201);
    await expect(shown(plain.body.id)).resolves.toMatchObject({ sizeGuide: '' });
  });

  it('is changed and removed by PATCH, and nothing else changes with it', async () => {
    const tee = (await addTee({ sizeGuide: GUIDE })).body as { id: number; description: string; name: string };
    const changed = await admin.patch(`/api/admin/products/${tee.id}`, { sizeGuide: 'Runs small: take one size up.' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Guided Tee', description: tee.description, sizeGuide: 'Runs small: take one size up.' });
    await expect(shown(tee.id)).resolves.toMatchObject({ sizeGuide: 'Runs small: take one size up.' });

    // A save of other details leaves the guide alone.
    expect((await admin.patch(`/api/admin/products/${tee.id}`, { description: 'Soft.' })).body).toMatchObject({ sizeGuide: 'Runs small: take one size up.' });

    expect((await admin.patch(`/api/admin/products/${tee.id}`, { sizeGuide: '' })).body).toMatchObject({ sizeGuide: '' });
    await expect(shown(tee.id)).resolves.toMatchObject({ sizeGuide: '' });
  });

  it.each([
    ['longer than 3000 characters', 'x'.repeat(3001), 'sizeGuide is at most 3000 characters.'],
    ['holding a control character', 'S 50 cm\u0007', 'sizeGuide must not contain control characters.'],
    ['not text', 42, 'sizeGuide must be text.'],
  ])('is refused (400) when %s, and the saved guide stays', async (_, sizeGuide, message) => {
    const tee = (await addTee({ sizeGuide: GUIDE })).body as { id: number };
    const refused = await admin.patch(`/api/admin/products/${tee.id}`, { sizeGuide });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(message);
    await expect(shown(tee.id)).resolves.toMatchObject({ sizeGuide: GUIDE });

    const refusedNew = await addTee({ name: 'Refused Tee', sizeGuide });
    expect(refusedNew.status).toBe(400);
    expect(refusedNew.body.message).toContain(message);
  });

  it('takes 3000 characters and a line break, the most it allows', async () => {
    const longest = `${'x'.repeat(2000)}\n${'y'.repeat(999)}`;
    const tee = await addTee({ sizeGuide: longest });
    expect(tee.status).toBe(201);
    await expect(shown(tee.body.id)).resolves.toMatchObject({ sizeGuide: longest });
  });
});

import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogSeeder, ProductIds } from '../../src/catalog';
import { DEMO_CATALOG } from '../../src/catalog/demo-catalog';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const count = async (sql: string) => {
  const [row] = await (t.app.get(MikroORM).em.fork() as EntityManager).execute(sql);
  return Number(row.n);
};
const productEvents = () => count("select count(*) as n from events where stream_type = 'Product'");
const products = () => count('select count(*) as n from products');

describe('seeding the demo catalogue', () => {
  it('seeds nothing when it fails part-way', async () => {
    const ids = t.app.get(ProductIds);
    const next = ids.next.bind(ids);
    let calls = 0;
    const spy = jest.spyOn(ids, 'next').mockImplementation((tx) => {
      if (++calls === 5) return Promise.reject(new Error('the process died here'));
      return next(tx);
    });
    try {
      await expect(t.app.get(CatalogSeeder).seedIfEmpty()).rejects.toThrow('the process died here');
    } finally {
      spy.mockRestore();
    }
    expect(calls).toBe(5);
    expect(await productEvents()).toBe(0);
    expect(await products()).toBe(0);
  });

  it('seeds once when two start together, and the shop shows every product at once', async () => {
    // The products list is cached: it must not keep the empty catalogue it saw before the seed committed.
    expect((await t.http.get('/api/products').expect(200)).body).toEqual([]);
    const seeder = t.app.get(CatalogSeeder);
    const results = await Promise.all([seeder.seedIfEmpty(), seeder.seedIfEmpty()]);
    expect(results.sort()).toEqual([0, DEMO_CATALOG.length]);
    expect(await productEvents()).toBe(DEMO_CATALOG.length);
    expect(await products()).toBe(DEMO_CATALOG.length);
    expect((await t.http.get('/api/products').expect(200)).body).toHaveLength(DEMO_CATALOG.length);
    expect(await seeder.seedIfEmpty()).toBe(0);
  });
});

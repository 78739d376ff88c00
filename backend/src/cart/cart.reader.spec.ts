import type { MikroORM } from '@mikro-orm/core';
import { CartReader } from './cart.reader';

/** An ORM whose connection answers every query with `rows` and counts the queries. */
function fakeOrm(rows: unknown[]) {
  const queries: unknown[][] = [];
  const connection = {
    execute: async (_sql: string, params: unknown[]) => {
      queries.push(params);
      return rows.filter((row) => !(row as { id?: string }).id || params.includes((row as { id: string }).id));
    },
  };
  return { orm: { em: { getConnection: () => connection } } as unknown as MikroORM, queries };
}

const line = { cartId: 'cart-1', productId: 7, variantId: 'v-7', variantName: 'M', name: 'Moth shirt' };

describe('cart reader: a line by its item id', () => {
  it('reads a line once: an item id names one line of one cart for good', async () => {
    const { orm, queries } = fakeOrm([line]);
    const reader = new CartReader(orm);
    await expect(reader.itemLine('item-1')).resolves.toEqual(line);
    await expect(reader.itemLine('item-1')).resolves.toEqual(line);
    expect(queries).toEqual([['item-1']]);
  });

  it('does not remember a line it did not find', async () => {
    const { orm, queries } = fakeOrm([]);
    const reader = new CartReader(orm);
    await expect(reader.itemLine('item-2')).resolves.toBeNull();
    await expect(reader.itemLine('item-2')).resolves.toBeNull();
    expect(queries).toHaveLength(2);
  });
});

const cartRow = (id: string, version: number) => ({
  id,
  session_id: `session_of_${id}`,
  total_cents: 1200,
  customer_name: null,
  customer_email: null,
  email_sent: false,
  recovery_email_count: 0,
  abandoned_at: null,
  checkout_order_id: null,
  version,
  created_at: '2026-11-26T08:00:00.000Z',
  updated_at: '2026-11-26T08:00:00.000Z',
  items: [{ id: 'item-1', productId: 7, variantId: 'v-7', variantName: 'M', name: 'Moth shirt', imageUrl: '/m.jpg', unitPriceCents: 1200, quantity: 1, addedAt: '2026-11-26T08:00:00.000Z' }],
});

describe('cart reader: the answers', () => {
  it('reads the answers asked for at the same moment in one query, each cart its own', async () => {
    const { orm, queries } = fakeOrm([cartRow('cart-a', 3), cartRow('cart-b', 5)]);
    const reader = new CartReader(orm);
    const [a, b, none] = await Promise.all([reader.response('cart-a'), reader.response('cart-b'), reader.response('cart-c')]);
    expect(queries).toEqual([['cart-a', 'cart-b', 'cart-c']]);
    expect(a?.cart).toMatchObject({ id: 'cart-a', version: 3, totalAmount: '12.00' });
    expect(b?.cart).toMatchObject({ id: 'cart-b', version: 5 });
    expect(b?.items).toEqual([{ id: 'item-1', productId: 7, variantId: 'v-7', variantName: 'M', quantity: 1, price: '12.00', product: { name: 'Moth shirt', imageUrl: '/m.jpg' } }]);
    expect(none).toBeNull();
  });

  it('reads a cart again for every answer: each is asked for after its own commit', async () => {
    const { orm, queries } = fakeOrm([cartRow('cart-a', 3)]);
    const reader = new CartReader(orm);
    await reader.response('cart-a');
    await reader.response('cart-a');
    expect(queries).toEqual([['cart-a'], ['cart-a']]);
  });
});

import type { MikroORM } from '@mikro-orm/core';
import { CartReader } from './cart.reader';

/** An ORM whose connection answers every query with `rows` and counts the queries. */
function fakeOrm(rows: unknown[]) {
  const queries: unknown[][] = [];
  const connection = {
    execute: async (_sql: string, params: unknown[]) => {
      queries.push(params);
      return rows;
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

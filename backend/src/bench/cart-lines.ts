/**
 * `count` carts with one line each, made through the API at `api`, for cart writes to spread over
 * (one cart would serialise them on its stream). Returns the lines' ids.
 */
export async function cartLines(api: string, productId: number, count: number, prefix: string): Promise<string[]> {
  const post = async <T>(path: string, body: unknown): Promise<T> =>
    (
      await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json() as Promise<T>;
  const itemIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const cart = await post<{ id: string }>('/api/cart', {
      sessionId: `${prefix}_${String(i).padStart(6, '0')}`,
    });
    const { items } = await post<{ items: { id: string }[] }>(`/api/cart/${cart.id}/items`, { productId, quantity: 1 });
    itemIds.push(items[0]!.id);
  }
  return itemIds;
}

/** A PATCH of a random line's quantity, as autocannon's `next`. */
export const changeQuantityOf = (itemIds: string[]) => () => ({
  path: `/api/cart/items/${itemIds[Math.floor(Math.random() * itemIds.length)]}`,
  body: JSON.stringify({ quantity: 1 + Math.floor(Math.random() * 5) }),
});

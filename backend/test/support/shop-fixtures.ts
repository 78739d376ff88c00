import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductIds, oneVariantProduct, Products, type ProductCommandBody } from '../../src/catalog';
import type { CategorySlug } from '../../src/catalog/categories';
import { systemContext } from '../../src/platform/context/request-context';
import type { TestApp } from './test-app';

/** A product of the test's own, added through the catalogue's command (tests never lean on demo ids). */
export async function addProduct(t: TestApp, product: { name: string; priceCents: number; stockQuantity: number; category?: CategorySlug; imageUrl?: string }): Promise<number> {
  const productId = await t.app.get(ProductIds).next();
  await t.app.get(Products).run(
    productId,
    {
      kind: 'AddProduct',
      ...oneVariantProduct({
        name: product.name,
        description: `${product.name}, for a test`,
        priceCents: product.priceCents,
        imageUrl: product.imageUrl ?? '/images/products/skull.svg',
        category: product.category ?? 'patches',
        inStock: product.stockQuantity > 0,
        stockQuantity: product.stockQuantity,
      }),
    },
    systemContext(),
  );
  return productId;
}

let carts = 0;

/** A cart holding `lines` (productId → quantity), made through the storefront's calls. */
export async function cartWith(t: TestApp, lines: Record<number, number>): Promise<{ id: string; sessionId: string }> {
  const sessionId = `session_${Date.now()}_test${++carts}`;
  const created = await t.http.post('/api/cart').send({ sessionId, totalAmount: '0.00' }).expect(201);
  for (const [productId, quantity] of Object.entries(lines)) {
    await t.http
      .post(`/api/cart/${created.body.id}/items`)
      .send({ productId: Number(productId), quantity })
      .expect(200);
  }
  return { id: created.body.id, sessionId };
}

export function sql<T = Record<string, unknown>>(t: TestApp, query: string, params: unknown[] = []): Promise<T[]> {
  const em = t.app.get(MikroORM).em.fork() as EntityManager;
  return em.execute(query, params);
}

export const eventCount = async (t: TestApp) => (await sql<{ n: number }>(t, 'select count(*)::int as n from events'))[0]!.n;

export interface Shopper {
  name: string;
  email: string;
  fulfillmentMethod?: 'pickup' | 'shipping';
  /** A discount code, paid with a card token of its own (`sourceId`): the code is refused to a card that paid before. */
  discountCode?: string;
  sourceId?: string;
}

const SALEM = { address: '13 Blackwood Lane', city: 'Salem', state: 'MA', zipCode: '01970', country: 'US' };

/**
 * A real checkout of `lines` (productId → quantity) through the storefront's calls, paid by card in
 * the Square emulator. `totalCents` is what the shop charges (the payment call checks it against its
 * own total: shipping is free for pickup and from $50).
 */
export async function paidCheckout(t: TestApp, lines: Record<number, number>, totalCents: number, shopper: Shopper = { name: 'Mina Harker', email: 'mina@example.com' }) {
  const cart = await cartWith(t, lines);
  const fulfillmentMethod = shopper.fulfillmentMethod ?? 'pickup';
  const paid = await t.http.post('/api/square/process-payment').send({
    sourceId: shopper.sourceId ?? 'cnon:card-nonce-ok',
    amountMoney: { amount: String(totalCents), currency: 'USD' },
    ...(shopper.discountCode ? { discountCode: shopper.discountCode } : {}),
    customerName: shopper.name,
    customerEmail: shopper.email,
    fulfillmentMethod,
    ...(fulfillmentMethod === 'shipping' ? { shippingAddress: SALEM } : {}),
    cartId: cart.id,
  });
  expect(paid.body).toMatchObject({ success: true });
  const [order] = await sql<{ id: string; order_number: string; payment_id: string; status: string }>(t, 'select id, order_number, payment_id, status from orders where cart_id = ?', [
    cart.id,
  ]);
  expect(order).toMatchObject({ status: 'placed' });
  return { orderId: order!.id, orderNumber: order!.order_number, paymentId: order!.payment_id };
}

/** `process-payment` for a cart, with the emulator's approved test card, picked up by Ana Lucia: the storefront's payment call. */
export const payForCart = (t: TestApp, cartId: string, amountCents: number) =>
  t.http.post('/api/square/process-payment').send({
    sourceId: 'cnon:card-nonce-ok',
    amountMoney: { amount: String(amountCents), currency: 'USD' },
    customerName: 'Ana Lucia',
    customerEmail: 'ana@example.com',
    cartId,
    fulfillmentMethod: 'pickup',
  });

/** The command that reprices a one-variant product (its only variant, `<productId>-1`), as the admin's edit does. */
export const repriced = (productId: number, priceCents: number, changes: { name?: string } = {}): ProductCommandBody => ({
  kind: 'ChangeProductDetails',
  changes,
  options: [],
  variants: [{ variantId: `${productId}-1`, options: {}, priceCents }],
});

import { randomUUID } from 'node:crypto';
import { Carts, type CartCommand } from '../../src/cart';
import { systemContext } from '../../src/platform/context/request-context';
import { addProduct, cartWith, sql } from './shop-fixtures';
import type { TestApp } from './test-app';

/**
 * Settings that run the whole recovery sequence in seconds. The least time between two emails to
 * one address keeps its default (20 h), so here an address gets one email; `EVERY_STEP` scales it
 * down with the sequence, for the tests that follow every step.
 */
export const FAST_RECOVERY = { RECOVERY_SCAN_EVERY: '1s', RECOVERY_IDLE: '1s', RECOVERY_SEQUENCE: '2s,5s,8s', OUTBOX_RELAY_INTERVAL_MS: '100' };
export const EVERY_STEP = { RECOVERY_EMAIL_GAP: '1s' };
export const OFFSETS_MS = [2000, 5000, 8000];

/** A cart with one product and a contact email given at the cart page's contact step, made through the storefront's calls. */
export async function leftCart(t: TestApp, email: string, product?: number): Promise<{ id: string; sessionId: string; productId: number }> {
  const productId = product ?? (await addProduct(t, { name: `Raven Hoodie for ${email}`, priceCents: 3060, stockQuantity: 10 }));
  const cart = await cartWith(t, { [productId]: 2 });
  await t.http.patch(`/api/cart/${cart.id}/contact`).send({ name: 'Morticia', email, source: 'checkout' }).expect(200);
  return { ...cart, productId };
}

export interface CartEventRow {
  type: string;
  data: Record<string, unknown>;
  /** Milliseconds since the epoch. */
  at: number;
}

export const cartEvents = async (t: TestApp, cartId: string): Promise<CartEventRow[]> =>
  (
    await sql<{ type: string; data: Record<string, unknown>; at: string }>(
      t,
      'select type, data, (extract(epoch from recorded_at) * 1000)::float8 as at from events where stream_id = ? order by version',
      [`cart-${cartId}`],
    )
  ).map((r) => ({ ...r, at: Number(r.at) }));

/** The shopper pays for the cart (the checkout's own commands, without a card). */
export async function buy(t: TestApp, cartId: string): Promise<string> {
  const { state } = await t.app.get(Carts).load(cartId);
  if (!state.exists) throw new Error('no cart');
  const orderId = randomUUID();
  const run = (command: CartCommand) => t.app.get(Carts).run(cartId, command, systemContext());
  await run({ kind: 'StartCheckout', orderId, pricedLines: state.lines });
  await run({ kind: 'CompleteCheckout', orderId });
  return orderId;
}

/** Polls `check` until it holds (bounded), so tests wait for conditions rather than sleeping. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SquareClient } from 'square';
import { Carts } from '../../src/cart';
import { Products } from '../../src/catalog';
import { CheckoutReconciler } from '../../src/checkout';
import { orderDecider } from '../../src/orders/order.decider';
import { orderStream } from '../../src/orders/order.events';
import { CommandRunner } from '../../src/platform/event-store/command-runner';
import { systemContext } from '../../src/platform/context/request-context';
import { EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { addProduct, cartWith, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { freePort } from '../support/free-port';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const product = async (id: number) => (await t.http.get(`/api/products/${id}`).expect(200)).body as { stockQuantity: number };
const cartItems = async (sessionId: string) => (await t.http.get(`/api/cart/${sessionId}`).expect(200)).body.items as unknown[];
const orderOf = async (cartId: string) => (await sql<{ id: string; status: string; payment_id: string | null }>(t, 'select * from orders where cart_id = ?', [cartId]))[0];

/** A second API process of the shop (the built `main.js`) on the same database and the same Square. */
async function startSecondApi(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = fork(join(__dirname, '../../dist/main.js'), [], {
    env: {
      ...process.env,
      ...t.squareEnv,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.dataDir,
      QUEUE_PREFIX: t.queuePrefix,
      SEED_DEMO_CATALOG: 'false',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the second API exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the second API did not come up');
}

async function until<T>(probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe('a checkout interrupted part-way', () => {
  it('is finished by the reconciliation job when the process died after the charge: one charge, one order', async () => {
    const coffin = await addProduct(t, { name: 'Interrupted Coffin', priceCents: 9100, stockQuantity: 2 });
    const cart = await cartWith(t, { [coffin]: 1 });
    const second = await startSecondApi();
    // Square takes the payment, then answers slowly: the process is killed while it waits.
    t.square.faults.next('CreatePayment', { kind: 'slow', delayMs: 60_000 });

    const request = fetch(`${second.url}/api/square/process-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        sourceId: 'cnon:card-nonce-ok',
        amountMoney: { amount: '9100', currency: 'USD' },
        customerName: 'Lucy W',
        customerEmail: 'lucy@example.com',
        cartId: cart.id,
        fulfillmentMethod: 'pickup',
      }),
    }).catch(() => 'connection lost');
    const charged = await until(() => t.square.payments().find((p) => Number(p.amount_money?.amount) === 9100));
    second.child.kill('SIGKILL');
    expect(await request).toBe('connection lost');
    expect(await orderOf(cart.id)).toMatchObject({ status: 'charging', payment_id: null });

    const result = await t.app.get(CheckoutReconciler).reconcile(systemContext(), 0);

    expect(result).toMatchObject({ finished: 1, stillUnconfirmed: 0 });
    expect(await orderOf(cart.id)).toMatchObject({ status: 'placed', payment_id: charged.id });
    expect(t.square.payments().filter((p) => Number(p.amount_money?.amount) === 9100)).toHaveLength(1);
    expect(await product(coffin)).toMatchObject({ stockQuantity: 1 });
    expect(await cartItems(cart.sessionId)).toEqual([]);
    // A second pass finds nothing left to do.
    expect(await t.app.get(CheckoutReconciler).reconcile(systemContext(), 0)).toEqual({ finished: 0, stillUnconfirmed: 0, failed: 0 });
  });

  it('is given up, never charged, when the process died before asking for the charge: the stock and the cart come back', async () => {
    const sampler = await addProduct(t, { name: 'Abandoned Sampler', priceCents: 4400, stockQuantity: 1 });
    const cart = await cartWith(t, { [sampler]: 1 });
    const paymentsBefore = t.square.payments().length;
    // What a request had recorded when it died: the order opened, the cart locked, the unit held.
    const carts = t.app.get(Carts);
    const { state } = await carts.run(cart.id, { kind: 'GiveContactDetails', name: 'Renfield', email: 'renfield@example.com', atCheckout: true }, systemContext());
    if (!state.exists) throw new Error('no cart');
    const orderId = '0b0c0d0e-0000-8000-a000-000000000001';
    const line = state.lines[0]!;
    await t.app.get(CommandRunner).run(
      orderDecider,
      orderStream(orderId),
      {
        kind: 'OpenCheckout',
        opened: {
          orderId,
          orderNumber: 'DC-TEST-1',
          cartId: cart.id,
          customer: { name: 'Renfield', email: 'renfield@example.com' },
          fulfillment: 'pickup',
          shippingAddress: null,
          lines: [{ productId: sampler, name: line.name, quantity: 1, unitPriceCents: 4400 }],
          subtotalCents: 4400,
          shippingCents: 0,
          discountCents: 0,
          totalCents: 4400,
          sourceId: 'cnon:card-nonce-ok',
          idempotencyKey: 'dc-interrupted-before-charge',
        },
      },
      systemContext(),
    );
    await carts.run(cart.id, { kind: 'StartCheckout', orderId, pricedLines: state.lines }, systemContext());
    await t.app.get(Products).run(sampler, { kind: 'ReserveStock', variantId: `${sampler}-1`, orderId, quantity: 1 }, systemContext());
    const held = await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: sampler, quantity: 1 });
    expect(held.body.code).toBe('CHECKOUT_IN_PROGRESS');

    await t.app.get(CheckoutReconciler).reconcile(systemContext(), 0);

    expect(await orderOf(cart.id)).toMatchObject({ id: orderId, status: 'closed', payment_id: null });
    expect(t.square.payments()).toHaveLength(paymentsBefore);
    expect(await product(sampler)).toMatchObject({ stockQuantity: 1 });
    // The shopper's cart is theirs again (it changes), and the unit it held can be sold.
    const [item] = (await t.http.get(`/api/cart/${cart.sessionId}`).expect(200)).body.items;
    await t.http.patch(`/api/cart/items/${item.id}`).send({ quantity: 1 }).expect(200);
    const paid = await t.http
      .post('/api/square/process-payment')
      .send({ sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: '4400', currency: 'USD' }, customerName: 'Renfield', customerEmail: 'renfield@example.com', cartId: cart.id })
      .expect(200);
    expect(paid.body.success).toBe(true);
  });
});

describe('a charge whose answer was lost while Square cannot list its payments', () => {
  it('stays charging with the cart held until a complete search finds the payment: one placed order for the one charge', async () => {
    const quick = await startTestApp({ SQUARE_TIMEOUT_MS: '1000' });
    try {
      const shroud = await addProduct(quick, { name: 'Unlisted Shroud', priceCents: 6100, stockQuantity: 1 });
      const cart = await cartWith(quick, { [shroud]: 1 });
      const reconcile = () => quick.app.get(CheckoutReconciler).reconcile(systemContext(), 0);
      const orderNow = async () => (await sql<{ status: string; payment_id: string | null; order_number: string | null }>(quick, 'select * from orders where cart_id = ?', [cart.id]))[0];
      const expectHeld = async () => {
        expect(await orderNow()).toMatchObject({ status: 'charging', payment_id: null });
        expect((await quick.http.post(`/api/cart/${cart.id}/items`).send({ productId: shroud, quantity: 1 })).body.code).toBe('CHECKOUT_IN_PROGRESS');
        expect(((await quick.http.get(`/api/products/${shroud}`).expect(200)).body as { stockQuantity: number }).stockQuantity).toBe(0);
      };
      // Other shoppers paid just before: a whole page of Square's list (100) in the search's window.
      const square = quick.app.get(SquareClient);
      for (let i = 0; i < 100; i++) {
        await square.payments.create({ idempotencyKey: `other-${i}`, sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: 1500n, currency: 'USD' }, locationId: EMULATOR_LOCATION_ID });
      }
      // Square takes the payment but every answer outlasts the 1 s timeout, and its payment list is down.
      quick.square.faults.next('CreatePayment', { kind: 'slow', delayMs: 1500 }, 3);
      quick.square.faults.next('ListPayments', { kind: 'unavailable' }, 100);

      const answer = await quick.http.post('/api/square/process-payment').send({
        sourceId: 'cnon:card-nonce-ok',
        amountMoney: { amount: '6100', currency: 'USD' },
        customerName: 'Mina Harker',
        customerEmail: 'mina@example.com',
        cartId: cart.id,
        fulfillmentMethod: 'pickup',
      });

      // Never "not charged": the money may have moved.
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('PAYMENT_UNCONFIRMED');
      const charge = await until(() => quick.square.payments().find((p) => Number(p.amount_money?.amount) === 6100));
      expect(charge.status).toBe('COMPLETED');
      await expectHeld();

      // Past twice the longest a charge can take (3 × 1 s), Square still cannot list its payments.
      await new Promise((r) => setTimeout(r, 6200));
      expect(await reconcile()).toMatchObject({ finished: 0, stillUnconfirmed: 1 });
      await expectHeld();

      // It answers the first page, then fails on the second: a search cut short is no answer either.
      quick.square.faults.clear();
      quick.square.faults.next('ListPayments', { kind: 'pass' });
      quick.square.faults.next('ListPayments', { kind: 'unavailable' }, 2);
      expect(await reconcile()).toMatchObject({ finished: 0, stillUnconfirmed: 1 });
      await expectHeld();

      // Square answers again: the reconciler's next run finds the payment (on the second page) and places the order.
      quick.square.faults.clear();
      expect(await reconcile()).toMatchObject({ finished: 1, stillUnconfirmed: 0, failed: 0 });
      expect(await orderNow()).toMatchObject({ status: 'placed', payment_id: charge.id, order_number: expect.stringMatching(/^DC-\d+$/) });
      expect(quick.square.payments().filter((p) => Number(p.amount_money?.amount) === 6100)).toHaveLength(1);
      expect((await quick.http.get(`/api/cart/${cart.sessionId}`).expect(200)).body.items).toEqual([]);
      expect(((await quick.http.get(`/api/products/${shroud}`).expect(200)).body as { stockQuantity: number }).stockQuantity).toBe(0);
    } finally {
      await quick.close();
    }
  });
});

import { Carts, type CartCommand } from '../../src/cart';
import { CheckoutReconciler } from '../../src/checkout';
import { Orders } from '../../src/orders';
import { systemContext } from '../../src/platform/context/request-context';
import { addProduct, cartWith, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * What a review of the checkout found: each test stops or breaks one step of
 * open → lock → charge → record and ends with one charge and one order, or no charge and a cart the
 * shopper can use again. Never a cart held by a closed order.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

const shopper = { customerName: 'Lucy Westenra', customerEmail: 'lucy@example.com' };
const pay = (cartId: string, cents: number, extra: Record<string, unknown> = {}) =>
  t.http.post('/api/square/process-payment').send({ sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: String(cents), currency: 'USD' }, ...shopper, cartId, ...extra });
const ordersOf = (cartId: string) =>
  sql<{ id: string; status: string; payment_id: string | null }>(t, 'select id, status, payment_id from orders where cart_id = ? order by created_at', [cartId]);
const chargesOf = (cents: number) => t.square.payments().filter((p) => Number(p.amount_money?.amount) === cents && p.status === 'COMPLETED');
const stockOf = async (id: number) => ((await t.http.get(`/api/products/${id}`).expect(200)).body as { stockQuantity: number }).stockQuantity;
const reconcile = () => t.app.get(CheckoutReconciler).reconcile(systemContext(), 0);

async function cartState(sessionId: string) {
  const { body } = await t.http.get(`/api/cart/${sessionId}`).expect(200);
  return body as { cart: { id: string }; items: { id: string; quantity: number }[] };
}
const lockOf = async (cartId: string) => (await sql<{ checkout_order_id: string | null }>(t, 'select checkout_order_id from carts where id = ?', [cartId]))[0]!.checkout_order_id;

/** The cart can change: the shopper is not shut out by a checkout that will never finish. */
async function expectEditable(sessionId: string) {
  const { items } = await cartState(sessionId);
  await t.http.patch(`/api/cart/items/${items[0]!.id}`).send({ quantity: items[0]!.quantity }).expect(200);
}

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
}

/** Runs `hook` before the cart commands of `kind` pass on to the real carts (it may throw instead). */
function beforeCartCommand(kind: string, hook: (call: number) => Promise<void> | void) {
  const carts = t.app.get(Carts);
  const real = carts.run.bind(carts);
  let calls = 0;
  jest.spyOn(carts, 'run').mockImplementation(async (...args: Parameters<Carts['run']>) => {
    const command = args[1] as CartCommand;
    if (command.kind === kind) await hook(++calls);
    return real(...args);
  });
}

describe('open → lock → charge → record, broken at each step', () => {
  it('a process that died between opening the order and locking the cart leaves a cart that pays on the next try', async () => {
    const patch = await addProduct(t, { name: 'Lock Patch', priceCents: 1300, stockQuantity: 3 });
    const cart = await cartWith(t, { [patch]: 1 });
    beforeCartCommand('StartCheckout', (call) => {
      if (call === 1) throw new Error('the process died here');
    });
    await pay(cart.id, 1300).expect(500);
    jest.restoreAllMocks();
    expect(await ordersOf(cart.id)).toMatchObject([{ status: 'opened' }]);

    // The reconciler gives the interrupted order up; the shopper, same name and email, tries again.
    await reconcile();
    expect(await ordersOf(cart.id)).toMatchObject([{ status: 'closed' }]);
    const again = await pay(cart.id, 1300).expect(200);

    expect(again.body).toMatchObject({ success: true });
    const orders = await ordersOf(cart.id);
    expect(orders.map((o) => o.status)).toEqual(['closed', 'placed']);
    expect(chargesOf(1300)).toHaveLength(1);
    expect((await cartState(cart.sessionId)).items).toEqual([]);
  });

  it('a lock that lands after the order was closed is let go: by the next payment, or by the reconciler', async () => {
    const patch = await addProduct(t, { name: 'Late Lock Patch', priceCents: 1400, stockQuantity: 3 });
    for (const releasedBy of ['payment', 'reconciler'] as const) {
      const cart = await cartWith(t, { [patch]: 1 });
      // The request stalls before its lock; meanwhile the reconciler closes its order.
      let resume!: () => void;
      const stalled = new Promise<void>((r) => (resume = r));
      beforeCartCommand('StartCheckout', (call) => (call === 1 ? stalled : undefined));
      const slow = pay(cart.id, 1400).then((r) => r);
      const [order] = await until(async () => ((await ordersOf(cart.id)).length ? ordersOf(cart.id) : undefined));
      await reconcile();
      expect(await ordersOf(cart.id)).toMatchObject([{ id: order!.id, status: 'closed' }]);
      resume();
      const answer = await slow;
      jest.restoreAllMocks();
      expect(answer.body).toMatchObject({ success: false, code: 'INTERRUPTED' });

      if (releasedBy === 'reconciler') {
        // Should a cart ever be found held by a closed order, the reconciler lets it go.
        await t.app.get(Carts).run(cart.id, { kind: 'StartCheckout', orderId: order!.id, pricedLines: await pricedLines(cart.id) }, systemContext());
        expect(await lockOf(cart.id)).toBe(order!.id);
        await reconcile();
      }
      expect(await lockOf(cart.id)).toBeNull();
      await expectEditable(cart.sessionId);
      await pay(cart.id, 1400).expect(200);
      expect((await ordersOf(cart.id)).map((o) => o.status)).toEqual(['closed', 'placed']);
    }
    expect(chargesOf(1400)).toHaveLength(2);
  });

  it('two tabs: one edits the cart while the other pays; the payment is refused, and the edited cart then pays', async () => {
    const hood = await addProduct(t, { name: 'Two Tab Hood', priceCents: 2000, stockQuantity: 5 });
    const cart = await cartWith(t, { [hood]: 1 });
    // Tab A has read and priced the cart; tab B raises the quantity before A records the contact.
    beforeCartCommand('GiveContactDetails', async (call) => {
      if (call !== 1) return;
      const [item] = (await cartState(cart.sessionId)).items;
      await t.http.patch(`/api/cart/items/${item!.id}`).send({ quantity: 2 }).expect(200);
    });
    const tabA = await pay(cart.id, 2000);
    jest.restoreAllMocks();
    expect(tabA.status).toBe(409);
    expect(tabA.body.code).toBe('CART_CHANGED');

    const tabB = await pay(cart.id, 4000).expect(200);
    expect(tabB.body).toMatchObject({ success: true });
    expect(chargesOf(2000)).toHaveLength(0);
    expect(chargesOf(4000)).toHaveLength(1);
    expect(await stockOf(hood)).toBe(3);
  });

  it('a double click whose second request fails to lock while the first is being charged: one charge, one order', async () => {
    const shawl = await addProduct(t, { name: 'Double Click Shawl', priceCents: 3100, stockQuantity: 2 });
    const cart = await cartWith(t, { [shawl]: 1 });
    t.square.faults.next('CreatePayment', { kind: 'slow', delayMs: 1200 });
    // Both requests read the cart before either locks it; the second opens (finds) the same order.
    const carts = t.app.get(Carts);
    const realLoad = carts.load.bind(carts);
    let loads = 0;
    let secondLoaded!: () => void;
    const bothLoaded = new Promise<void>((r) => (secondLoaded = r));
    jest.spyOn(carts, 'load').mockImplementation(async (cartId: string) => {
      const result = await realLoad(cartId);
      if (cartId === cart.id && ++loads === 2) secondLoaded();
      return result;
    });
    const orders = t.app.get(Orders);
    const realOpen = orders.openWithinHold.bind(orders);
    let opens = 0;
    let secondOpened!: () => void;
    const bothOpened = new Promise<void>((r) => (secondOpened = r));
    jest.spyOn(orders, 'openWithinHold').mockImplementation(async (...args: Parameters<Orders['openWithinHold']>) => {
      const result = await realOpen(...args);
      if (++opens === 2) secondOpened();
      return result;
    });
    beforeCartCommand('StartCheckout', async (call) => {
      if (call === 1) return void (await bothLoaded.then(() => bothOpened));
      // The second request's lock fails on a database blip while Square holds the first's charge.
      await until(() => t.square.payments().find((p) => Number(p.amount_money?.amount) === 3100));
      throw new Error('Connection terminated unexpectedly');
    });

    const [first, second] = await Promise.all([pay(cart.id, 3100), pay(cart.id, 3100)]);
    jest.restoreAllMocks();

    // The failed lock is the second request's own server error; the first completes the purchase.
    const [ok, broken] = first.status === 200 ? [first, second] : [second, first];
    expect(ok.body).toMatchObject({ success: true });
    expect(broken.status).toBeGreaterThanOrEqual(500);
    expect(chargesOf(3100)).toHaveLength(1);
    expect(await ordersOf(cart.id)).toMatchObject([{ status: 'placed', payment_id: chargesOf(3100)[0]!.id }]);
    expect(await stockOf(shawl)).toBe(1);
    expect((await cartState(cart.sessionId)).items).toEqual([]);
  });
});

describe('only a card decline is a decline', () => {
  it('a retry that meets the first charge still in flight is not a decline: the charge is found and becomes the order', async () => {
    const coat = await addProduct(t, { name: 'In Flight Coat', priceCents: 5200, stockQuantity: 1 });
    const cart = await cartWith(t, { [coat]: 1 });
    // The first attempt outlasts the client's timeout; the retry with the same key meets it in flight.
    t.square.faults.next('CreatePayment', { kind: 'in-flight', delayMs: t.squareTimeoutMs + 1500 });

    const answer = await pay(cart.id, 5200);

    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('PAYMENT_UNCONFIRMED');
    expect(await ordersOf(cart.id)).toMatchObject([{ status: 'charging' }]);
    expect(await stockOf(coat)).toBe(0);
    const charge = await until(() => chargesOf(5200)[0]);

    await reconcile();

    expect(await ordersOf(cart.id)).toMatchObject([{ status: 'placed', payment_id: charge.id }]);
    expect(chargesOf(5200)).toHaveLength(1);
    expect((await cartState(cart.sessionId)).items).toEqual([]);
  });

  it('a charge that never reached Square is never made by the reconciler: it is given up, the stock and the cart come back', async () => {
    const quick = await startTestApp({ SQUARE_TIMEOUT_MS: '200' });
    try {
      const id = await addProduct(quick, { name: 'Unreached Veil', priceCents: 2700, stockQuantity: 1 });
      const cart = await cartWith(quick, { [id]: 1 });
      quick.square.faults.next('CreatePayment', { kind: 'unavailable' }, 3);
      const answer = await quick.http
        .post('/api/square/process-payment')
        .send({ sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: '2700', currency: 'USD' }, ...shopper, cartId: cart.id });
      expect(answer.status).toBe(503);

      const reconciler = quick.app.get(CheckoutReconciler);
      expect(await reconciler.reconcile(systemContext(), 0)).toMatchObject({ stillUnconfirmed: 1 });
      expect(quick.square.payments()).toHaveLength(0);

      // Past twice the longest a charge can take (3 attempts of 200 ms), no payment will come.
      await new Promise((r) => setTimeout(r, 1300));
      expect(await reconciler.reconcile(systemContext(), 0)).toMatchObject({ finished: 1 });
      expect(quick.square.payments()).toHaveLength(0);
      const [order] = await sql<{ status: string }>(quick, 'select status from orders where cart_id = ?', [cart.id]);
      expect(order!.status).toBe('closed');
      expect(((await quick.http.get(`/api/products/${id}`)).body as { stockQuantity: number }).stockQuantity).toBe(1);
      const { body } = await quick.http.get(`/api/cart/${cart.sessionId}`).expect(200);
      await quick.http.patch(`/api/cart/items/${body.items[0].id}`).send({ quantity: 1 }).expect(200);
    } finally {
      await quick.close();
    }
  });
});

async function pricedLines(cartId: string) {
  const { state } = await t.app.get(Carts).load(cartId);
  if (!state.exists) throw new Error('no cart');
  return state.lines;
}

describe('card testing', () => {
  let shop: TestApp;
  beforeAll(async () => {
    // The shipped defaults: 8 attempts per cart and 20 per address in 15 minutes.
    shop = await startTestApp({ PAYMENT_RATE_LIMIT_PER_ADDRESS: '20', PAYMENT_RATE_LIMIT_PER_CART: '8', PAYMENT_RATE_LIMIT_WINDOW_SECONDS: '900', NEWSLETTER_RATE_LIMIT_MAX: '100' });
  });
  afterAll(() => shop.close());

  const attempt = (cartId: string, sourceId: string, cents: number) =>
    shop.http.post('/api/square/process-payment').send({ sourceId, amountMoney: { amount: String(cents), currency: 'USD' }, ...shopper, cartId });

  it('card after card on one cart meets a 429 with Retry-After after a handful, and nothing more is charged', async () => {
    const id = await addProduct(shop, { name: 'Tested Ring', priceCents: 900, stockQuantity: 5 });
    const cart = await cartWith(shop, { [id]: 1 });
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await attempt(cart.id, 'cnon:card-nonce-declined', 900));

    // A shopper retyping a card is never stopped within the first eight tries.
    expect(answers.slice(0, 8).map((a) => [a.status, a.body.code])).toEqual(Array(8).fill([200, 'GENERIC_DECLINE']));
    expect(answers[8]!.status).toBe(429);
    expect(answers[8]!.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(answers[8]!.body.message).toMatch(/Too many payment attempts for this cart/);
    expect(Number(answers[8]!.headers['retry-after'])).toBeGreaterThan(0);
    // Even a good card is refused now, before anything reaches Square.
    const paymentsBefore = shop.square.payments().length;
    expect((await attempt(cart.id, 'cnon:card-nonce-ok', 900)).status).toBe(429);
    expect(shop.square.payments()).toHaveLength(paymentsBefore);
  });

  it('one address trying many carts, or probing which emails subscribed, is stopped by the address limit', async () => {
    const id = await addProduct(shop, { name: 'Probed Pin', priceCents: 700, stockQuantity: 50 });
    // The first test used 10 of this address's 20; each cart below gets two declines.
    for (let i = 0; i < 5; i++) {
      const cart = await cartWith(shop, { [id]: 1 });
      for (let j = 0; j < 2; j++) expect((await attempt(cart.id, 'cnon:card-nonce-declined', 700)).status).toBe(200);
    }
    const cart = await cartWith(shop, { [id]: 1 });
    const refused = await attempt(cart.id, 'cnon:card-nonce-ok', 700);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many requests from your address/);
    const probe = await shop.http.post('/api/checkout/discount').send({ code: 'DARKCIRCLE10', email: 'someone@example.com', cartId: cart.id });
    expect(probe.status).toBe(429);
  });
});

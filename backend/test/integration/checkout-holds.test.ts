import { Products } from '../../src/catalog';
import { addProduct, cartWith, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Stock held by checkouts that will not be paid: a card token Square refuses outright gives its
 * units back in the same request, and one client address can hold only so many units at once
 * through checkouts not yet paid or released, whatever it sends.
 */
let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY=loopback: X-Forwarded-For from this machine names the client, as behind the shop's proxy (loopback
  // addresses: the emulator answers only this machine).
  t = await startTestApp({ HOLD_UNITS_PER_CLIENT: '5', TRUST_PROXY: 'loopback' });
});
afterAll(() => t.close());
afterEach(() => t.square.faults.clear());

const shopper = { customerName: 'Renfield', customerEmail: 'renfield@example.com', fulfillmentMethod: 'pickup' };
const pay = (cartId: string, cents: number, from: string, sourceId = 'cnon:card-nonce-ok') =>
  t.http
    .post('/api/square/process-payment')
    .set('X-Forwarded-For', from)
    .send({ sourceId, amountMoney: { amount: String(cents), currency: 'USD' }, ...shopper, cartId });
const stockOf = async (id: number) => ((await t.http.get(`/api/products/${id}`).expect(200)).body as { stockQuantity: number }).stockQuantity;
const heldOnStream = async (id: number) => {
  const state = await t.app.get(Products).load(id);
  return state.exists ? state.variants.map((v) => v.reservations) : [];
};
const ordersOf = (cartId: string) => sql<{ status: string; failure_code: string | null }>(t, 'select status, failure_code from orders where cart_id = ? order by created_at', [cartId]);
/** Square cannot be reached for the next charges: each stays `charging`, and its units held, until Square answers. */
const squareDown = (charges: number) => {
  t.square.faults.next('CreatePayment', { kind: 'unavailable' }, 3 * charges);
  t.square.faults.next('ListPayments', { kind: 'unavailable' }, 2 * charges);
};

describe('a charge Square refused outright', () => {
  it('a card token Square does not know (404 NOT_FOUND) is a 402 CARD_NOT_ACCEPTED, and every unit is on sale again at once', async () => {
    const tee = await addProduct(t, { name: 'Bogus Token Tee', priceCents: 2500, stockQuantity: 2 });
    const pin = await addProduct(t, { name: 'Bogus Token Pin', priceCents: 600, stockQuantity: 1 });
    const cart = await cartWith(t, { [tee]: 2, [pin]: 1 });

    const refused = await pay(cart.id, 5600, '127.0.0.11', 'cnon:made-up-token').expect(402);

    expect(refused.body).toMatchObject({ code: 'CARD_NOT_ACCEPTED', message: expect.stringMatching(/card was not accepted, and nothing was charged/) });
    expect(t.square.payments().filter((p) => Number(p.amount_money?.amount) === 5600)).toEqual([]);
    // Back on sale in the same request: not held until the reconciliation, ~2 minutes later.
    expect([await stockOf(tee), await stockOf(pin)]).toEqual([2, 1]);
    expect([...(await heldOnStream(tee)), ...(await heldOnStream(pin))]).toEqual([{}, {}]);
    expect(await ordersOf(cart.id)).toEqual([{ status: 'closed', failure_code: 'CARD_NOT_ACCEPTED' }]);

    // The shopper types the card again: the same cart pays.
    expect((await pay(cart.id, 5600, '127.0.0.11').expect(200)).body).toMatchObject({ success: true });
    expect([await stockOf(tee), await stockOf(pin)]).toEqual([0, 0]);
  });

  it('a refusal of a key sent before (Square could not be reached the first time) is no verdict: the units stay held for the reconciliation', async () => {
    const ring = await addProduct(t, { name: 'Sent Before Ring', priceCents: 1700, stockQuantity: 1 });
    const cart = await cartWith(t, { [ring]: 1 });
    squareDown(1);
    await pay(cart.id, 1700, '127.0.0.12', 'cnon:made-up-token').expect(503);

    // The shopper's retry sends the same key again: had the first send reached Square, it could have charged.
    const again = await pay(cart.id, 1700, '127.0.0.12', 'cnon:made-up-token').expect(503);

    expect(again.body).toMatchObject({ code: 'PAYMENT_UNCONFIRMED' });
    expect(await stockOf(ring)).toBe(0);
    expect(await ordersOf(cart.id)).toEqual([{ status: 'charging', failure_code: null }]);
  });
});

describe('the units one client address can hold through unfinished checkouts (HOLD_UNITS_PER_CLIENT=5)', () => {
  it('refuses the checkout that would pass the bound before anything is reserved or charged; other addresses are counted on their own', async () => {
    const cape = await addProduct(t, { name: 'Held Cape', priceCents: 1000, stockQuantity: 20 });
    const first = await cartWith(t, { [cape]: 3 });
    squareDown(1);
    expect((await pay(first.id, 3000, '127.0.0.13').expect(503)).body).toMatchObject({ code: 'PAYMENT_UNCONFIRMED' });
    expect(await stockOf(cape)).toBe(17);

    const second = await cartWith(t, { [cape]: 3 });
    const charges = t.square.payments().length;
    const refused = await pay(second.id, 3000, '127.0.0.13').expect(409);
    expect(refused.body).toMatchObject({ code: 'HOLD_LIMIT', details: { held: 3, limit: 5 } });
    expect(refused.body.message).toMatch(/would hold 3 items while unfinished checkouts from your address hold 3: one address may hold at most 5/);
    expect(await stockOf(cape)).toBe(17);
    expect(await ordersOf(second.id)).toEqual([]);
    expect(t.square.payments()).toHaveLength(charges);
    // Its cart is not locked: the shopper can change it and try again.
    expect(await sql(t, 'select checkout_order_id from carts where id = ?', [second.id])).toEqual([{ checkout_order_id: null }]);

    // Up to the bound exactly, from the same address; and another address is not this one.
    const third = await cartWith(t, { [cape]: 2 });
    squareDown(1);
    await pay(third.id, 2000, '127.0.0.13').expect(503);
    const elsewhere = await cartWith(t, { [cape]: 3 });
    expect((await pay(elsewhere.id, 3000, '127.0.0.14').expect(200)).body).toMatchObject({ success: true });
    expect(await stockOf(cape)).toBe(12);

    // Once Square answers, the first checkout is paid on the shopper's retry and holds nothing any more.
    expect((await pay(first.id, 3000, '127.0.0.13').expect(200)).body).toMatchObject({ success: true });
    const fourth = await cartWith(t, { [cape]: 3 });
    expect((await pay(fourth.id, 3000, '127.0.0.13').expect(200)).body).toMatchObject({ success: true });
  });

  it('holds exactly to the bound when one address sends many checkouts at once', async () => {
    const mask = await addProduct(t, { name: 'Racing Mask', priceCents: 800, stockQuantity: 20 });
    const carts = await Promise.all(Array.from({ length: 6 }, () => cartWith(t, { [mask]: 2 })));
    squareDown(6);

    const answers = await Promise.all(carts.map((cart) => pay(cart.id, 1600, '127.0.0.15')));

    const statuses = answers.map((a) => a.status).sort();
    // 2 + 2 fit within 5; a third would hold 6.
    expect(statuses).toEqual([409, 409, 409, 409, 503, 503]);
    expect(await stockOf(mask)).toBe(16);
  });
});

import { randomUUID } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { OrderConfirmationJob } from '../../src/orders';
import { orderDecider } from '../../src/orders/order.decider';
import { orderStream } from '../../src/orders/order.events';
import { CommandRunner } from '../../src/platform/event-store/command-runner';
import { ProjectionRebuilder } from '../../src/platform/projections/projection-rebuilder';
import { systemContext } from '../../src/platform/context/request-context';
import { sentMail } from '../support/mailbox';
import { addProduct, cartWith, sql } from '../support/shop-fixtures';
import { mintCardTokens } from '../support/square-emulator';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ NEWSLETTER_RATE_LIMIT_MAX: '100' });
});
afterAll(() => t.close());

const address = { address: '13 Raven Row', city: 'Salem', state: 'MA', zipCode: '01970', country: 'US' };

/** A card of its own for each payment: the code is refused to a card that has paid before. */
let cards: string[] = [];
beforeAll(async () => {
  cards = await mintCardTokens(t.square, 30);
});

function pay(cartId: string, amountCents: number, email: string, extra: Record<string, unknown> = {}) {
  return t.http.post('/api/square/process-payment').send({
    sourceId: cards.shift(),
    amountMoney: { amount: String(amountCents), currency: 'USD' },
    customerName: 'Vesper',
    customerEmail: email,
    cartId,
    fulfillmentMethod: 'pickup',
    discountCode: 'DARKCIRCLE10',
    ...extra,
  });
}

const subscribe = (email: string) => t.http.post('/api/newsletter/subscribe').send({ email }).expect(200);
const check = (cartId: string, email: string, code = 'DARKCIRCLE10') => t.http.post('/api/checkout/discount').send({ code, email, cartId });
const redemptions = (email: string) => sql<{ order_id: string }>(t, 'select order_id from discount_redemptions where email = ?', [email]);
const paymentsOf = (amountCents: number) => t.square.payments().filter((p) => Number(p.amount_money?.amount) === amountCents && p.status === 'COMPLETED');

let hoodie: number;
let patch: number;
beforeAll(async () => {
  hoodie = await addProduct(t, { name: 'Discount Hoodie', priceCents: 6800, stockQuantity: 50 });
  patch = await addProduct(t, { name: 'Discount Patch', priceCents: 2500, stockQuantity: 50 });
});

describe('checking DARKCIRCLE10 with Apply', () => {
  it('gives 10% of the items to a subscriber, whatever the case of the code and the email', async () => {
    await subscribe('apply@example.com');
    const cart = await cartWith(t, { [hoodie]: 1 });
    const res = await check(cart.id, 'Apply@Example.com', ' darkcircle10 ').expect(200);
    expect(res.body).toEqual({ code: 'DARKCIRCLE10', percentOff: 10, discount: '6.80', subtotal: '68.00' });
  });

  it('refuses an unknown code, an email that never subscribed, and bad input, with messages', async () => {
    const cart = await cartWith(t, { [hoodie]: 1 });
    const unknown = await check(cart.id, 'apply@example.com', 'FREESTUFF').expect(400);
    expect(unknown.body).toMatchObject({ code: 'DISCOUNT_UNKNOWN', message: 'FREESTUFF is not a valid discount code.' });
    const stranger = await check(cart.id, 'stranger@example.com').expect(409);
    // The storefront offers the subscription right there when the refusal says it is what is missing.
    expect(stranger.body).toMatchObject({
      code: 'DISCOUNT_NOT_ELIGIBLE',
      message: 'DARKCIRCLE10 is for newsletter subscribers. Subscribe with stranger@example.com to use it.',
      details: { subscriptionRequired: true },
    });
    expect((await check(cart.id, '').expect(400)).body.message).toMatch(/email address first/);
    expect((await check(cart.id, 'apply@example.com', '').expect(400)).body.message).toMatch(/discount code/);
  });
});

describe('paying with DARKCIRCLE10', () => {
  it('charges 10% less, records the discount on the order and in the email, and refuses a second use', async () => {
    await subscribe('vesper@example.com');
    const cart = await cartWith(t, { [hoodie]: 1 });

    // The full price with the code is the wrong amount: nothing is charged.
    const wrong = await pay(cart.id, 6800, 'vesper@example.com').expect(409);
    expect(wrong.body).toMatchObject({ code: 'AMOUNT_MISMATCH', details: { total: '61.20' } });

    const paid = await pay(cart.id, 6120, 'Vesper@Example.com', { discountCode: 'darkcircle10' }).expect(200);
    expect(paid.body).toMatchObject({ success: true, payment: { amountMoney: { amount: '6120' } } });
    expect(t.square.payments().find((p) => p.id === paid.body.payment.id)?.amount_money?.amount).toBe(6120);
    const [order] = await sql(t, 'select * from orders where id = ?', [paid.body.orderId]);
    expect(order).toMatchObject({ status: 'placed', subtotal_cents: 6800, discount_cents: 680, discount_code: 'DARKCIRCLE10', total_cents: 6120 });

    await t.app.get(OrderConfirmationJob).send(paid.body.orderId, systemContext());
    const mail = (await sentMail(t.dataDir)).find((m) => m.raw.includes(paid.body.orderNumber))!;
    expect(mail.raw).toContain('Discount (DARKCIRCLE10): -$6.80');
    expect(mail.raw).toContain('Total: $61.20');

    // Used once: Apply says so, and a second order with the same email pays full price or is refused.
    expect((await check(cart.id, 'vesper@example.com').expect(409)).body).toMatchObject({ code: 'DISCOUNT_ALREADY_USED' });
    const second = await cartWith(t, { [hoodie]: 1 });
    const again = await pay(second.id, 6120, 'VESPER@example.com').expect(409);
    expect(again.body).toMatchObject({ code: 'DISCOUNT_ALREADY_USED', message: 'DARKCIRCLE10 has already been used with this email address. It is good for one order.' });
    expect(await pay(second.id, 6800, 'vesper@example.com', { discountCode: null }).expect(200)).toMatchObject({ body: { success: true } });
  });

  it('refuses the code for an email that never subscribed, charging nothing', async () => {
    const cart = await cartWith(t, { [hoodie]: 1 });
    const before = t.square.payments().length;
    const res = await pay(cart.id, 6120, 'nobody@example.com').expect(409);
    expect(res.body.code).toBe('DISCOUNT_NOT_ELIGIBLE');
    expect(t.square.payments()).toHaveLength(before);
  });

  it('takes 10% off the items only, and prices shipping on the items before the discount', async () => {
    await subscribe('ship@example.com');
    const cart = await cartWith(t, { [patch]: 2 });
    // 50.00 of items ships free; 5.00 off leaves 45.00.
    const res = await pay(cart.id, 4500, 'ship@example.com', { fulfillmentMethod: 'shipping', shippingAddress: address }).expect(200);
    const [order] = await sql(t, 'select * from orders where id = ?', [res.body.orderId]);
    expect(order).toMatchObject({ subtotal_cents: 5000, shipping_cents: 0, discount_cents: 500, total_cents: 4500 });
  });

  it('gives the code back when the card is declined', async () => {
    await subscribe('declined@example.com');
    const cart = await cartWith(t, { [hoodie]: 1 });
    const declined = await pay(cart.id, 6120, 'declined@example.com', { sourceId: 'cnon:card-nonce-declined' }).expect(200);
    expect(declined.body.success).toBe(false);
    expect(await redemptions('declined@example.com')).toEqual([]);
    const paid = await pay(cart.id, 6120, 'declined@example.com').expect(200);
    expect(paid.body.success).toBe(true);
    expect(await redemptions('declined@example.com')).toEqual([{ order_id: paid.body.orderId }]);
  });

  it('redeems once when two checkouts with one email race', async () => {
    await subscribe('racer@example.com');
    const carts = await Promise.all([cartWith(t, { [patch]: 1 }), cartWith(t, { [patch]: 1 })]);
    const before = paymentsOf(2250).length;
    const answers = await Promise.all(carts.map((c) => pay(c.id, 2250, 'racer@example.com')));
    const won = answers.filter((a) => a.status === 200 && a.body.success);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].body.code).toBe('DISCOUNT_ALREADY_USED');
    expect(paymentsOf(2250).length - before).toBe(1);
    expect(await redemptions('racer@example.com')).toEqual([{ order_id: won[0].body.orderId }]);
  });

  it('refuses, in the database, a second order opening with a redeemed code, whatever checked it before', async () => {
    const orderId = randomUUID();
    const opened = {
      orderId,
      orderNumber: 'DC-TEST-1',
      cartId: randomUUID(),
      customer: { name: 'Racer', email: 'racer@example.com' },
      fulfillment: 'pickup' as const,
      shippingAddress: null,
      lines: [{ productId: patch, name: 'Discount Patch', quantity: 1, unitPriceCents: 2500 }],
      subtotalCents: 2500,
      shippingCents: 0,
      discountCents: 250,
      totalCents: 2250,
      discountCode: 'DARKCIRCLE10',
      sourceId: 'cnon:card-nonce-ok',
      idempotencyKey: randomUUID(),
    };
    await expect(t.app.get(CommandRunner).run(orderDecider, orderStream(orderId), { kind: 'OpenCheckout', opened }, systemContext())).rejects.toBeInstanceOf(
      UniqueConstraintViolationException,
    );
    expect(await sql(t, 'select 1 from events where stream_id = ?', [orderStream(orderId).id])).toEqual([]);
  });
});

describe('DARKCIRCLE10 is for a first order', () => {
  it('is refused, with nothing charged, to a card that has paid before, under a new email address', async () => {
    // Three entries of one card (the sandbox Mastercard): one fingerprint.
    const [firstEntry, secondEntry, thirdEntry] = await mintCardTokens(t.square, 3, '5105105105105100');
    await subscribe('first@example.com');
    const first = await cartWith(t, { [patch]: 1 });
    await pay(first.id, 2250, 'first@example.com', { sourceId: firstEntry }).expect(200);

    // The same card, a fresh alias that subscribed a minute ago.
    await subscribe('first+alias@example.com');
    const second = await cartWith(t, { [patch]: 1 });
    const refused = await pay(second.id, 2250, 'first+alias@example.com', { sourceId: secondEntry }).expect(409);

    expect(refused.body).toMatchObject({ code: 'DISCOUNT_NOT_ELIGIBLE', message: expect.stringMatching(/^DARKCIRCLE10 is for a first order, and this card has paid for an order before/) });
    // The amount was only held, then released: nothing taken.
    const onCard = t.square.payments().filter((p) => p.card_details?.card?.last_4 === '5100');
    expect(onCard.map((p) => p.status).sort()).toEqual(['CANCELED', 'COMPLETED']);
    const [order] = await sql<{ status: string }>(t, 'select status from orders where cart_id = ?', [second.id]);
    expect(order!.status).toBe('closed');
    expect(await redemptions('first+alias@example.com')).toEqual([]);
    // Without the code the same card pays the full price.
    await pay(second.id, 2500, 'first+alias@example.com', { sourceId: thirdEntry, discountCode: null }).expect(200);
  });

  it('is refused, before any charge, to an email that has paid for an order', async () => {
    await subscribe('returning@example.com');
    const first = await cartWith(t, { [patch]: 1 });
    await pay(first.id, 2500, 'returning@example.com', { discountCode: null }).expect(200);
    const second = await cartWith(t, { [patch]: 1 });
    const before = t.square.payments().length;

    const refused = (await check(second.id, 'returning@example.com').expect(409)).body;
    expect(refused).toMatchObject({ code: 'DISCOUNT_NOT_ELIGIBLE', message: 'DARKCIRCLE10 is for a first order, and returning@example.com has ordered before.' });
    // Subscribing would not help: no offer to.
    expect(refused.details).toBeUndefined();
    expect((await pay(second.id, 2250, 'returning@example.com').expect(409)).body.code).toBe('DISCOUNT_NOT_ELIGIBLE');
    expect(t.square.payments()).toHaveLength(before);
  });
});

describe('rebuilding the read tables', () => {
  it("gives back the same orders and redemptions, with the failed checkout's code returned", async () => {
    const snapshot = async () => ({
      orders: await sql(t, 'select id, status, discount_cents, discount_code, total_cents from orders order by id'),
      redemptions: await sql(t, 'select * from discount_redemptions order by code, email'),
    });
    const live = await snapshot();
    expect(live.redemptions.length).toBeGreaterThanOrEqual(4);
    await sql(t, 'delete from discount_redemptions');
    await t.app.get(ProjectionRebuilder).rebuild();
    expect(await snapshot()).toEqual(live);
  });
});

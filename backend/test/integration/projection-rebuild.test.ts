import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { cartDecider } from '../../src/cart/cart.decider';
import { cartStream } from '../../src/cart/cart.events';
import { Products } from '../../src/catalog';
import { repriced } from '../support/shop-fixtures';
import { orderDecider } from '../../src/orders/order.decider';
import { orderStream } from '../../src/orders/order.events';
import { subscriberDecider } from '../../src/newsletter/subscriber.decider';
import { subscriberIdOf } from '../../src/newsletter/subscriber-identity';
import { UnsubscribeLinks } from '../../src/newsletter/unsubscribe-link';
import { subscriberStream } from '../../src/newsletter/subscriber.events';
import { CommandRunner } from '../../src/platform/event-store/command-runner';
import { ProjectionRebuilder, RebuildProgress } from '../../src/platform/projections/projection-rebuilder';
import { ProjectionRegistry } from '../../src/platform/projections/projection.registry';
import { systemContext } from '../../src/platform/context/request-context';
import { placeOrder } from '../support/placed-order';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO_CATALOG: 'true' });
});
afterAll(() => t.close());

/**
 * Every row of every projected table as PostgreSQL prints it (`row::text`): exact to the
 * microsecond for dates and to the byte for jsonb, which parsed JavaScript values are not.
 */
const snapshot = async (em: EntityManager, tables: readonly string[]) => {
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    rows[table] = (await em.execute<{ row: string }[]>(`select t::text as row from ${table} t order by 1`)).map((r) => r.row);
  }
  return rows;
};

describe('projection rebuild', () => {
  it('replays every event into read tables equal to the live ones, across all four projections', async () => {
    const bus = t.app.get(Products);
    const runner = t.app.get(CommandRunner);
    await bus.run(1, { kind: 'SetStock', inStock: false, stockQuantity: 0 }, systemContext());
    await bus.run(3, repriced(3, 9100, { name: 'Moth Cardigan (restock)' }), systemContext());
    await bus.run(3, { kind: 'SetStock', inStock: true, stockQuantity: 2 }, systemContext());
    const cart = (await t.http.post('/api/cart').send({ sessionId: 'session_rebuild_0001' }).expect(201)).body;
    await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: 2, quantity: 2 }).expect(200);
    const both = await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: 4, quantity: 1 }).expect(200);
    await t.http.patch(`/api/cart/items/${both.body.items[0].id}`).send({ quantity: 3 }).expect(200);
    await t.http.delete(`/api/cart/items/${both.body.items[1].id}`).expect(200);
    await t.http.patch(`/api/cart/${cart.id}/contact`).send({ name: 'Ana', email: 'ana@example.com', source: 'checkout' }).expect(200);
    // Joined, left and joined again; another stays, linked to Square and welcomed.
    await t.http.post('/api/newsletter/subscribe').send({ email: 'ana@example.com', name: 'Ana' }).expect(200);
    // Unsubscribed by the link in an email (a bare email only sends that link).
    await t.http
      .post('/api/newsletter/unsubscribe')
      .send({ token: new URL(t.app.get(UnsubscribeLinks).urlFor(subscriberIdOf('ana@example.com'))).searchParams.get('token') })
      .expect(200);
    await t.http.post('/api/newsletter/subscribe').send({ email: 'ana@example.com', name: null }).expect(200);
    await t.http.post('/api/newsletter/subscribe').send({ email: 'bat@example.com', name: null }).expect(200);
    const bat = subscriberStream((await t.app.get(MikroORM).em.fork().getConnection().execute(`select id from subscribers where email = 'bat@example.com'`))[0].id);
    await runner.run(subscriberDecider, bat, { kind: 'LinkToSquare', squareCustomerId: 'SQ-CUST-1' }, systemContext());
    await runner.run(subscriberDecider, bat, { kind: 'RecordWelcomeSent', messageId: 'welcome-1' }, systemContext());

    // A paid pickup checkout with a discount: reserved and sold stock, a redemption, a checked-out cart.
    const paid = (await t.http.post('/api/cart').send({ sessionId: 'session_rebuild_0002' }).expect(201)).body;
    await t.http.post(`/api/cart/${paid.id}/items`).send({ productId: 2, quantity: 1 }).expect(200);
    const [{ price_cents: price }] = await t.app.get(MikroORM).em.fork().getConnection().execute('select price_cents from products where id = 2');
    const amount = price - Math.round(price / 10);
    const { orderId: pickupId } = (
      await t.http
        .post('/api/square/process-payment')
        .send({
          sourceId: 'cnon:card-nonce-ok',
          amountMoney: { amount: String(amount), currency: 'USD' },
          customerName: 'Ana',
          customerEmail: 'ana@example.com',
          cartId: paid.id,
          fulfillmentMethod: 'pickup',
          discountCode: 'DARKCIRCLE10',
        })
        .expect(200)
    ).body;
    // Made ready with a note, emailed about, then picked up.
    await runner.run(orderDecider, orderStream(pickupId), { kind: 'RecordFulfillmentStep', step: 'ready-for-pickup', note: 'Friday after 4pm' }, systemContext());
    await runner.run(orderDecider, orderStream(pickupId), { kind: 'RecordFulfillmentEmailSent', step: 'ready-for-pickup', messageId: 'ready-1' }, systemContext());
    await runner.run(orderDecider, orderStream(pickupId), { kind: 'RecordFulfillmentStep', step: 'picked-up' }, systemContext());
    // A shipped order (jsonb address), fulfilled and confirmed.
    const shipped = await placeOrder(t, 'shipping');
    await runner.run(orderDecider, orderStream(shipped.orderId), { kind: 'RecordFulfillmentStep', step: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' }, systemContext());
    await runner.run(orderDecider, orderStream(shipped.orderId), { kind: 'RecordConfirmationSent', messageId: 'confirm-1' }, systemContext());
    // Partly refunded: one refund Square took, one it refused, one still waiting on its answer.
    const refund = (refundId: string, amountCents: number) =>
      runner.run(
        orderDecider,
        orderStream(shipped.orderId),
        { kind: 'RequestRefund', refund: { refundId, amountCents, lines: [], reason: 'Late' }, at: new Date().toISOString() },
        systemContext(),
      );
    const [taken, refused, waiting] = [randomUUID(), randomUUID(), randomUUID()];
    await refund(taken, 500);
    await runner.run(orderDecider, orderStream(shipped.orderId), { kind: 'RecordSquareRefund', refundId: taken, squareRefundId: 'SQ-REFUND-1', status: 'COMPLETED' }, systemContext());
    await refund(refused, 300);
    await runner.run(orderDecider, orderStream(shipped.orderId), { kind: 'RecordRefundFailure', refundId: refused, code: 'REFUND_DECLINED', message: 'no' }, systemContext());
    await refund(waiting, 200);
    // A failed checkout gives its code back.
    const failedId = randomUUID();
    const failed = (command: Parameters<typeof orderDecider.decide>[0]) => runner.run(orderDecider, orderStream(failedId), command, systemContext());
    await failed({
      kind: 'OpenCheckout',
      opened: {
        orderId: failedId,
        orderNumber: 'DC-424242',
        cartId: randomUUID(),
        customer: { name: 'Bat', email: 'bat@example.com' },
        fulfillment: 'pickup',
        shippingAddress: null,
        lines: [{ productId: 4, name: 'Pin', quantity: 1, unitPriceCents: 500 }],
        subtotalCents: 500,
        shippingCents: 0,
        discountCents: 50,
        discountCode: 'DARKCIRCLE10',
        totalCents: 450,
        sourceId: 'cnon:card-nonce-declined',
        idempotencyKey: `test-${failedId}`,
      },
    });
    await failed({ kind: 'RequestCharge', at: new Date().toISOString() });
    await failed({ kind: 'RecordFailure', failure: { code: 'CARD_DECLINED', message: 'Declined' } });
    await failed({ kind: 'CloseCheckout' });
    // The studio's side of a cart: a failed checkout, abandoned, a recovery email.
    const studio = cartStream(cart.id);
    const orderId = randomUUID();
    const lines = await t.app.get(MikroORM).em.fork().getConnection().execute('select id, quantity, unit_price_cents from cart_items where cart_id = ?', [cart.id]);
    const pricedLines = lines.map((l: { id: string; quantity: number; unit_price_cents: number }) => ({ itemId: l.id, quantity: l.quantity, unitPriceCents: l.unit_price_cents }));
    await runner.run(cartDecider, studio, { kind: 'StartCheckout', orderId, pricedLines }, systemContext());
    await runner.run(cartDecider, studio, { kind: 'FailCheckout', orderId }, systemContext());
    await runner.run(cartDecider, studio, { kind: 'AbandonCart' }, systemContext());
    await runner.run(cartDecider, studio, { kind: 'RequestRecoveryEmail', requestId: 'req-1' }, systemContext());
    await runner.run(cartDecider, studio, { kind: 'RecordRecoveryEmailSent', requestId: 'req-1', messageId: 'msg-1', to: 'ana@example.com' }, systemContext());

    const em = t.app.get(MikroORM).em.fork() as EntityManager;
    const tables = t.app
      .get(ProjectionRegistry)
      .all()
      .flatMap((p) => p.tables);
    expect(tables).toEqual(expect.arrayContaining(['products', 'carts', 'cart_items', 'orders', 'discount_redemptions', 'subscribers']));
    const live = await snapshot(em, tables);
    const [product3] = await em.execute('select * from products where id = 3');
    // Added, renamed and repriced (two events), restocked.
    expect(product3).toMatchObject({ price_cents: 9100, in_stock: true, stock_quantity: 2, version: 4 });
    const carts = await em.execute('select * from carts order by created_at');
    expect(carts[0]).toMatchObject({ total_cents: 9600, customer_email: 'ana@example.com', email_sent: true, recovery_email_count: 1, checkout_order_id: null });
    expect(carts[0].abandoned_at).not.toBeNull();
    expect(carts[1]).toMatchObject({ total_cents: 0, checkout_order_id: null });
    const subscribers = await em.execute('select * from subscribers order by email');
    expect(subscribers).toEqual([
      expect.objectContaining({ email: 'ana@example.com', name: 'Ana', subscribed: true, left_at: null, version: 3 }),
      expect.objectContaining({ email: 'bat@example.com', subscribed: true, square_customer_id: 'SQ-CUST-1', welcome_sent_at: expect.anything() }),
    ]);
    const orders = await em.execute('select * from orders order by created_at');
    expect(orders.map((o) => o.status)).toEqual(['placed', 'placed', 'closed']);
    expect(orders[0]).toMatchObject({
      discount_code: 'DARKCIRCLE10',
      shipping_address: null,
      fulfillment_method: 'pickup',
      fulfilment: 'picked-up',
      fulfilled_as: 'picked-up',
      pickup_note: 'Friday after 4pm',
    });
    expect(orders[0].ready_for_pickup_at).not.toBeNull();
    expect(orders[0].placed_at).not.toBeNull();
    expect(orders[1]).toMatchObject({ fulfilment: 'shipped', fulfilled_as: 'shipped', carrier: 'UPS', tracking_url: 'https://www.ups.com/track?tracknum=1Z999' });
    expect(orders[1]).toMatchObject({ shipping_address: expect.objectContaining({ city: 'Peaceful Pines' }), tracking_number: '1Z999', lines: [expect.objectContaining({ quantity: 2 })] });
    expect(orders[1].confirmation_sent_at).not.toBeNull();
    expect(orders[1]).toMatchObject({ refunded_cents: 500, refund_status: 'partly-refunded', refunds_pending: 1 });
    expect(live.discount_redemptions).toHaveLength(1);

    await em.execute('update products set name = ?, stock_quantity = 99 where id = 5', ['Drifted']);
    await em.execute('update carts set total_cents = 1');
    await em.execute('update subscribers set subscribed = false');
    await em.execute(`update orders set status = 'drifted'`);
    await em.execute('delete from discount_redemptions');
    const [{ n }] = await em.execute('select count(*)::int as n from events');
    const progress: RebuildProgress[] = [];
    const result = await t.app.get(ProjectionRebuilder).rebuild((p) => progress.push(p));

    expect(result.events).toBe(n);
    expect(progress.at(-1)).toEqual({ done: n, total: n, eventsPerSecond: expect.any(Number) });
    expect(progress.at(-1)!.eventsPerSecond).toBeGreaterThan(0);
    expect(await snapshot(em, tables)).toEqual(live);
  });
});

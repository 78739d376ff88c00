import { randomUUID } from 'node:crypto';
import { serialization } from 'square';
import { EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { schemaProblems, squareError, startTestEmulator, wire } from '../support/square-emulator';

/** The emulator's refunds (RefundPayment, GetPaymentRefund, ListPaymentRefunds), driven by the `square` SDK. */
describe('Square emulator: refunds', () => {
  let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
  const key = () => randomUUID().slice(0, 36);
  const pay = async (amount = 2500n, autocomplete = true) => {
    const { payment } = await emulator.client.payments.create({
      idempotencyKey: key(),
      sourceId: 'cnon:card-nonce-ok',
      amountMoney: { amount, currency: 'USD' },
      locationId: EMULATOR_LOCATION_ID,
      autocomplete,
    });
    return payment!.id!;
  };
  const refund = (paymentId: string, amount: bigint, idempotencyKey = key(), reason = 'Chipped in the post') =>
    emulator.client.refunds.refundPayment({ idempotencyKey, paymentId, amountMoney: { amount, currency: 'USD' }, reason });

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
    await emulator.removeData();
  });
  afterEach(() => {
    emulator.faults.clear();
    emulator.refundSettlement.hold(false);
    emulator.webhooks.unsubscribe();
  });

  it('refunds part of a payment, then the rest, and the payment follows', async () => {
    const paymentId = await pay(2500n);
    const first = await refund(paymentId, 1000n);
    expect(first.refund).toMatchObject({ status: 'PENDING', paymentId, amountMoney: { amount: 1000n, currency: 'USD' }, reason: 'Chipped in the post', locationId: EMULATOR_LOCATION_ID });
    const second = await refund(paymentId, 1500n);
    const { payment } = await emulator.client.payments.get({ paymentId });
    expect(payment?.refundedMoney).toEqual({ amount: 2500n, currency: 'USD' });
    expect(payment?.refundIds).toEqual([first.refund!.id, second.refund!.id]);

    const got = await emulator.client.refunds.get({ refundId: first.refund!.id! });
    expect(got.refund).toMatchObject({ id: first.refund!.id, paymentId, amountMoney: { amount: 1000n, currency: 'USD' } });
    const raw = await wire(emulator, 'GET', `/v2/refunds/${first.refund!.id}`);
    expect(schemaProblems(serialization.GetPaymentRefundResponse, raw.body)).toEqual([]);
    const list = await wire(emulator, 'GET', '/v2/refunds?sort_order=ASC');
    expect(schemaProblems(serialization.ListPaymentRefundsResponse, list.body)).toEqual([]);
    expect(list.body.refunds.filter((r: { payment_id: string }) => r.payment_id === paymentId).map((r: { id: string }) => r.id)).toEqual([first.refund!.id, second.refund!.id]);
    const unknown = await squareError(emulator.client.refunds.get({ refundId: 'nope' }));
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a repeated key with the first refund, and refuses the key with another body', async () => {
    const paymentId = await pay(2500n);
    const idempotencyKey = key();
    const first = await refund(paymentId, 700n, idempotencyKey);
    const again = await refund(paymentId, 700n, idempotencyKey);
    expect(again.refund?.id).toBe(first.refund?.id);
    const { payment } = await emulator.client.payments.get({ paymentId });
    expect(payment?.refundIds).toHaveLength(1);
    const reused = await squareError(refund(paymentId, 800n, idempotencyKey));
    expect(reused.errors[0]).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('refuses more than is left, a payment that is not completed, an unknown payment, and a 21st refund', async () => {
    const paymentId = await pay(2500n);
    await refund(paymentId, 2000n);
    const over = await squareError(refund(paymentId, 501n));
    expect(over.statusCode).toBe(400);
    expect(over.errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', code: 'REFUND_AMOUNT_INVALID' });
    const raw = await wire(emulator, 'POST', '/v2/refunds', { idempotency_key: key(), payment_id: paymentId, amount_money: { amount: 501, currency: 'USD' } });
    expect(schemaProblems(serialization.RefundPaymentResponse, raw.body)).toEqual([]);

    const held = await pay(2500n, false);
    expect((await squareError(refund(held, 100n))).errors[0]).toMatchObject({ code: 'REFUND_ERROR_PAYMENT_NEEDS_COMPLETION' });
    expect((await squareError(refund('missing', 100n))).statusCode).toBe(404);
    expect((await squareError(refund(paymentId, 0n))).errors[0]).toMatchObject({ code: 'VALUE_TOO_LOW' });

    const many = await pay(100n);
    for (let i = 0; i < 20; i++) await refund(many, 1n);
    expect((await squareError(refund(many, 1n))).errors[0]).toMatchObject({ code: 'PAYMENT_NOT_REFUNDABLE' });
    const { payment } = await emulator.client.payments.get({ paymentId: many });
    expect(payment?.refundIds).toHaveLength(20);
  });

  it('completes a card refund on its own, announced by refund.created then refund.updated in the shapes Square sends', async () => {
    // Nothing listens there: the deliveries are recorded all the same, with their bodies.
    emulator.webhooks.subscribe({ notificationUrl: 'http://127.0.0.1:9/hooks', signatureKey: 'key' }, { retryDelaysMs: [] });
    const paymentId = await pay(2500n);
    const made = await refund(paymentId, 900n);
    expect(made.refund?.status).toBe('PENDING');
    const id = made.refund!.id!;
    const deadline = Date.now() + 5000;
    const forRefund = () => emulator.webhooks.deliveries().filter((d) => JSON.parse(d.body).data.id === id);
    while (forRefund().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const [created, updated] = forRefund().map((d) => JSON.parse(d.body));
    expect(created).toMatchObject({ type: 'refund.created', data: { type: 'refund', id, object: { refund: { id, status: 'PENDING', payment_id: paymentId } } } });
    expect(updated).toMatchObject({ type: 'refund.updated', data: { type: 'refund', id, object: { refund: { id, status: 'COMPLETED', amount_money: { amount: 900, currency: 'USD' } } } } });
    expect(schemaProblems(serialization.RefundCreatedEvent, created)).toEqual([]);
    expect(schemaProblems(serialization.RefundUpdatedEvent, updated)).toEqual([]);
    expect((await emulator.client.refunds.get({ refundId: id })).refund?.status).toBe('COMPLETED');
  });

  it('holds refunds PENDING until settled; one that ends FAILED gives its amount back to the payment', async () => {
    emulator.refundSettlement.hold();
    const paymentId = await pay(2500n);
    const first = (await refund(paymentId, 2500n)).refund!;
    expect((await emulator.client.refunds.get({ refundId: first.id! })).refund?.status).toBe('PENDING');
    expect((await squareError(refund(paymentId, 1n))).errors[0]).toMatchObject({ code: 'REFUND_AMOUNT_INVALID' });

    await emulator.refundSettlement.settle(first.id!, 'FAILED');
    expect((await emulator.client.refunds.get({ refundId: first.id! })).refund?.status).toBe('FAILED');
    expect((await emulator.client.payments.get({ paymentId })).payment?.refundedMoney).toEqual({ amount: 0n, currency: 'USD' });
    const again = (await refund(paymentId, 2500n)).refund!;
    // Over HTTP too, for a shop in another process.
    const settled = await fetch(`${emulator.url}/emulator/refunds/${again.id}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'COMPLETED' }),
    });
    expect(settled.status).toBe(200);
    expect((await emulator.client.payments.get({ paymentId })).payment?.refundedMoney).toEqual({ amount: 2500n, currency: 'USD' });
    await expect(emulator.refundSettlement.settle(again.id!, 'FAILED')).rejects.toThrow(/COMPLETED already/);
    const bad = await fetch(`${emulator.url}/emulator/refunds/${again.id}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'DONE' }),
    });
    expect(bad.status).toBe(400);
  });

  it('can answer 500 after making the refund: the same key then answers that refund, and there is one', async () => {
    const paymentId = await pay(2500n);
    const idempotencyKey = key();
    emulator.faults.next('RefundPayment', { kind: 'internal-error' });
    const error = await squareError(emulator.client.refunds.refundPayment({ idempotencyKey, paymentId, amountMoney: { amount: 900n, currency: 'USD' } }, { maxRetries: 0 }));
    expect(error.statusCode).toBe(500);
    expect(error.errors[0]).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    const again = await emulator.client.refunds.refundPayment({ idempotencyKey, paymentId, amountMoney: { amount: 900n, currency: 'USD' } });
    const { payment } = await emulator.client.payments.get({ paymentId });
    expect(payment?.refundIds).toEqual([again.refund!.id]);
    expect(payment?.refundedMoney).toEqual({ amount: 900n, currency: 'USD' });
  });

  it('can be made to fail: an unavailable Square refunds nothing', async () => {
    const paymentId = await pay(2500n);
    emulator.faults.next('RefundPayment', { kind: 'unavailable' });
    const error = await squareError(emulator.client.refunds.refundPayment({ idempotencyKey: key(), paymentId, amountMoney: { amount: 100n, currency: 'USD' } }, { maxRetries: 0 }));
    expect(error.statusCode).toBe(503);
    const { payment } = await emulator.client.payments.get({ paymentId });
    expect(payment?.refundIds ?? []).toHaveLength(0);
  });
});

import { randomUUID } from 'node:crypto';
import { serialization, SquareError } from 'square';
import { EMULATOR_LOCATION_ID } from '../../src/square/emulator';
import { mintToken, schemaProblems, startTestEmulator, wire } from '../support/square-emulator';

/** The emulator's payments and locations, driven by the `square` SDK and checked on the wire against the SDK's own schemas. */
describe('Square emulator: locations and payments', () => {
  let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
  const key = () => randomUUID().slice(0, 36);
  const charge = (sourceId: string, idempotencyKey = key(), amount = 2500n) =>
    emulator.client.payments.create({
      idempotencyKey,
      sourceId,
      amountMoney: { amount, currency: 'USD' },
      locationId: EMULATOR_LOCATION_ID,
      referenceId: 'DC-1001',
      buyerEmailAddress: 'raven@example.com',
      note: 'Order DC-1001',
    });
  const squareError = async (call: Promise<unknown>): Promise<SquareError> => {
    const error = await call.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(SquareError);
    return error as SquareError;
  };

  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(async () => {
    await emulator.close();
    await emulator.removeData();
  });
  afterEach(() => emulator.faults.clear());

  it('lists its one location', async () => {
    const { locations } = await emulator.client.locations.list();
    expect(locations?.map((l) => [l.id, l.currency, l.status])).toEqual([[EMULATOR_LOCATION_ID, 'USD', 'ACTIVE']]);
    const raw = await wire(emulator, 'GET', '/v2/locations');
    expect(schemaProblems(serialization.ListLocationsResponse, raw.body)).toEqual([]);
  });

  it('refuses a missing or wrong access token with 401 UNAUTHORIZED', async () => {
    const missing = await wire(emulator, 'GET', '/v2/locations', undefined, null);
    expect(missing.status).toBe(401);
    expect(missing.body.errors).toEqual([expect.objectContaining({ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED' })]);
    expect(schemaProblems(serialization.ListLocationsResponse, missing.body)).toEqual([]);

    const wrong = await wire(emulator, 'POST', '/v2/payments', { idempotency_key: key(), source_id: 'cnon:card-nonce-ok', amount_money: { amount: 100, currency: 'USD' } }, 'not-the-token');
    expect(wrong.status).toBe(401);
    expect(schemaProblems(serialization.CreatePaymentResponse, wrong.body)).toEqual([]);
    expect(emulator.payments()).toHaveLength(0);
  });

  it('completes a payment with the ok test token and gets it back by id', async () => {
    const { payment } = await charge('cnon:card-nonce-ok');
    expect(payment).toMatchObject({
      status: 'COMPLETED',
      amountMoney: { amount: 2500n, currency: 'USD' },
      totalMoney: { amount: 2500n, currency: 'USD' },
      locationId: EMULATOR_LOCATION_ID,
      referenceId: 'DC-1001',
      note: 'Order DC-1001',
      buyerEmailAddress: 'raven@example.com',
      sourceType: 'CARD',
      cardDetails: { status: 'CAPTURED', card: { cardBrand: 'VISA', last4: '1111' } },
    });
    expect(payment?.receiptNumber).toBe(payment?.id?.slice(0, 4));
    expect(Date.parse(payment?.createdAt ?? '')).not.toBeNaN();

    const got = await emulator.client.payments.get({ paymentId: payment!.id! });
    expect(got.payment?.id).toBe(payment?.id);

    const created = await wire(emulator, 'POST', '/v2/payments', { idempotency_key: key(), source_id: 'cnon:card-nonce-ok', amount_money: { amount: 999, currency: 'USD' } });
    expect(created.status).toBe(200);
    expect(schemaProblems(serialization.CreatePaymentResponse, created.body)).toEqual([]);
    const fetched = await wire(emulator, 'GET', `/v2/payments/${created.body.payment.id}`);
    expect(schemaProblems(serialization.GetPaymentResponse, fetched.body)).toEqual([]);
    expect(fetched.body.payment).toEqual(created.body.payment);
  });

  it.each([
    ['cnon:card-nonce-declined', 'GENERIC_DECLINE'],
    ['cnon:card-nonce-rejected-cvv', 'CVV_FAILURE'],
    ['cnon:card-nonce-rejected-postalcode', 'ADDRESS_VERIFICATION_FAILURE'],
    ['cnon:card-nonce-rejected-expiration', 'INVALID_EXPIRATION'],
  ])('answers %s with 402 %s and a FAILED payment', async (token, code) => {
    const error = await squareError(charge(token));
    expect(error.statusCode).toBe(402);
    expect(error.errors).toEqual([{ category: 'PAYMENT_METHOD_ERROR', code, detail: `Authorization error: '${code}'` }]);

    const raw = await wire(emulator, 'POST', '/v2/payments', { idempotency_key: key(), source_id: token, amount_money: { amount: 500, currency: 'USD' } });
    expect(raw.status).toBe(402);
    expect(schemaProblems(serialization.CreatePaymentResponse, raw.body)).toEqual([]);
    expect(raw.body.payment).toMatchObject({ status: 'FAILED', card_details: { status: 'FAILED' } });
    // The test tokens can be used again and again, as in Square's sandbox.
    expect((await squareError(charge(token))).errors[0].code).toBe(code);
  });

  it('charges once for a key sent twice with the same body, and refuses the key with another body', async () => {
    const idempotencyKey = key();
    const before = emulator.payments().length;
    const first = await charge('cnon:card-nonce-ok', idempotencyKey);
    const again = await charge('cnon:card-nonce-ok', idempotencyKey);
    expect(again.payment?.id).toBe(first.payment?.id);
    expect(emulator.payments().length).toBe(before + 1);

    const reused = await squareError(charge('cnon:card-nonce-ok', idempotencyKey, 2600n));
    expect(reused.statusCode).toBe(400);
    expect(reused.errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', code: 'IDEMPOTENCY_KEY_REUSED', field: 'idempotency_key' });
    expect(emulator.payments().length).toBe(before + 1);
  });

  it('names the missing or too long field in a 400', async () => {
    const missing = await wire(emulator, 'POST', '/v2/payments', { source_id: 'cnon:card-nonce-ok', amount_money: { amount: 100, currency: 'USD' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ category: 'INVALID_REQUEST_ERROR', code: 'MISSING_REQUIRED_PARAMETER', field: 'idempotency_key' })]);
    expect(schemaProblems(serialization.CreatePaymentResponse, missing.body)).toEqual([]);

    const long = await wire(emulator, 'POST', '/v2/payments', { idempotency_key: 'k'.repeat(46), source_id: 'cnon:card-nonce-ok', amount_money: { amount: 100, currency: 'USD' } });
    expect(long.body.errors[0]).toMatchObject({ code: 'VALUE_TOO_LONG', field: 'idempotency_key' });

    const noAmount = await wire(emulator, 'POST', '/v2/payments', { idempotency_key: key(), source_id: 'cnon:card-nonce-ok' });
    expect(noAmount.body.errors[0]).toMatchObject({ code: 'MISSING_REQUIRED_PARAMETER', field: 'amount_money' });

    const notAnObject = await wire(emulator, 'POST', '/v2/payments', { idempotency_key: key(), source_id: 7, amount_money: { amount: 100, currency: 'USD' } });
    expect(notAnObject.body.errors[0]).toMatchObject({ code: 'EXPECTED_STRING', field: 'source_id' });
  });

  it('answers 404 NOT_FOUND for an unknown payment, token or location', async () => {
    const payment = await wire(emulator, 'GET', '/v2/payments/NOPE');
    expect(payment.status).toBe(404);
    expect(payment.body.errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND' });
    expect(schemaProblems(serialization.GetPaymentResponse, payment.body)).toEqual([]);

    expect((await squareError(charge('cnon:never-minted'))).statusCode).toBe(404);
    const location = await squareError(
      emulator.client.payments.create({ idempotencyKey: key(), sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: 100n, currency: 'USD' }, locationId: 'ELSEWHERE' }),
    );
    expect(location.errors[0]).toMatchObject({ code: 'NOT_FOUND', field: 'location_id' });
  });

  it('takes a token minted by the card form once, with the outcome its card forces', async () => {
    const minted = await mintToken(emulator, { cardNumber: '5105 1051 0510 5100', expirationDate: '07/38' });
    expect(minted).toMatchObject({ status: 'OK', details: { card: { brand: 'MASTERCARD', last4: '5100', expMonth: 7, expYear: 2038 }, method: 'Card' } });
    const { payment } = await charge(minted.token);
    expect(payment?.cardDetails?.card).toMatchObject({ cardBrand: 'MASTERCARD', last4: '5100', expMonth: 7n, expYear: 2038n });

    const used = await squareError(charge(minted.token));
    expect(used.statusCode).toBe(400);
    expect(used.errors[0]).toMatchObject({ category: 'INVALID_REQUEST_ERROR', code: 'CARD_TOKEN_USED' });
    const raw = await wire(emulator, 'POST', '/v2/payments', { idempotency_key: key(), source_id: minted.token, amount_money: { amount: 100, currency: 'USD' } });
    expect(schemaProblems(serialization.CreatePaymentResponse, raw.body)).toEqual([]);

    for (const [card, code] of [
      [{ cvv: '911' }, 'CVV_FAILURE'],
      [{ postalCode: '99999' }, 'ADDRESS_VERIFICATION_FAILURE'],
      [{ expirationDate: '01/40' }, 'INVALID_EXPIRATION'],
      [{ cardNumber: '4000 0000 0000 0002' }, 'GENERIC_DECLINE'],
    ] as const) {
      const token = await mintToken(emulator, card);
      expect((await squareError(charge(token.token))).errors[0].code).toBe(code);
    }
  });

  it('records the payment and answers late on a slow fault, so a retry with the same key gets the same payment', async () => {
    const idempotencyKey = key();
    const before = emulator.payments().length;
    emulator.faults.next('CreatePayment', { kind: 'slow', delayMs: 5000 });
    const request = { idempotencyKey, sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: 4200n, currency: 'USD' as const } };
    const timedOut = await emulator.client.payments.create(request, { timeoutInSeconds: 0.3 }).then(() => undefined, (e: unknown) => e);
    // On Node's own fetch the SDK reports its timeout as a SquareError without a status (cause 'timeout'), not a SquareTimeoutError.
    expect(timedOut).toBeInstanceOf(SquareError);
    expect(timedOut).toMatchObject({ statusCode: undefined, cause: 'timeout' });

    const retried = await emulator.client.payments.create(request);
    expect(retried.payment?.status).toBe('COMPLETED');
    const made = emulator.payments().slice(before);
    expect(made.map((p) => p.id)).toEqual([retried.payment?.id]);
  });

  it('answers 503 and does nothing on an unavailable fault, then works again', async () => {
    const before = emulator.payments().length;
    emulator.faults.next('CreatePayment', { kind: 'unavailable' });
    const idempotencyKey = key();
    const error = await squareError(charge('cnon:card-nonce-ok', idempotencyKey));
    expect(error.statusCode).toBe(503);
    expect(error.errors[0]).toMatchObject({ category: 'API_ERROR', code: 'SERVICE_UNAVAILABLE' });
    expect(emulator.payments().length).toBe(before);

    const { payment } = await charge('cnon:card-nonce-ok', idempotencyKey);
    expect(payment?.status).toBe('COMPLETED');
    expect(emulator.payments().length).toBe(before + 1);
  });

  it('takes faults and shows payments over HTTP, for a test driving an emulator in another process', async () => {
    const bad = await fetch(`${emulator.url}/emulator/faults`, { method: 'POST', body: JSON.stringify({ operation: 'CreatePayment', kind: 'melt' }) });
    expect(bad.status).toBe(400);
    const lined = await fetch(`${emulator.url}/emulator/faults`, { method: 'POST', body: JSON.stringify({ operation: 'CreatePayment', kind: 'unavailable' }) });
    expect(lined.status).toBe(201);
    expect((await squareError(charge('cnon:card-nonce-ok'))).statusCode).toBe(503);

    const { payment } = await charge('cnon:card-nonce-ok');
    const listed = (await (await fetch(`${emulator.url}/emulator/payments`)).json()) as { payments: { id: string }[] };
    expect(listed.payments.map((p) => p.id)).toContain(payment?.id);
    expect(listed.payments).toHaveLength(emulator.payments().length);
  });
});

describe('Square emulator: state across a restart', () => {
  it('keeps payments, idempotency keys and used tokens in its data folder', async () => {
    const first = await startTestEmulator();
    const token = await mintToken(first);
    const request = { idempotencyKey: 'restart-key', sourceId: token.token as string, amountMoney: { amount: 1500n, currency: 'USD' as const } };
    const { payment } = await first.client.payments.create(request);
    await first.close();

    const second = await startTestEmulator(first.dataDir);
    try {
      expect((await second.client.payments.get({ paymentId: payment!.id! })).payment?.status).toBe('COMPLETED');
      expect((await second.client.payments.create(request)).payment?.id).toBe(payment?.id);
      const used = await second.client.payments.create({ ...request, idempotencyKey: 'restart-key-2' }).then(() => undefined, (e: unknown) => e);
      expect((used as SquareError).errors[0].code).toBe('CARD_TOKEN_USED');
      expect(second.payments()).toHaveLength(1);
    } finally {
      await second.close();
      await second.removeData();
    }
  });
});

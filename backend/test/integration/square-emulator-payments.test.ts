import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { serialization, SquareClient, SquareError } from 'square';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { FUTURE_YEAR, FUTURE_YY, mintToken, remoteEmulator, schemaProblems, squareError, startTestEmulator, wire } from '../support/square-emulator';

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
    const one = await wire(emulator, 'GET', `/v2/locations/${EMULATOR_LOCATION_ID}`);
    expect(one.body.location).toEqual(raw.body.locations[0]);
    expect(schemaProblems(serialization.GetLocationResponse, one.body)).toEqual([]);
    const unknown = await wire(emulator, 'GET', '/v2/locations/ELSEWHERE');
    expect(unknown.status).toBe(404);
    expect(schemaProblems(serialization.GetLocationResponse, unknown.body)).toEqual([]);
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

    const stranger = new SquareClient({ token: 'someone-else', baseUrl: emulator.url, maxRetries: 0 });
    const refused = await squareError(stranger.locations.list());
    expect(refused.statusCode).toBe(401);
    expect(refused.errors[0]).toMatchObject({ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED' });
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

    const fraction = await wire(emulator, 'POST', '/v2/payments', { idempotency_key: key(), source_id: 'cnon:card-nonce-ok', amount_money: { amount: 12.5, currency: 'USD' } });
    expect(fraction.status).toBe(400);
    expect(fraction.body.errors[0]).toMatchObject({ code: 'EXPECTED_INTEGER' });
    const zero = await wire(emulator, 'POST', '/v2/payments', { idempotency_key: key(), source_id: 'cnon:card-nonce-ok', amount_money: { amount: 0, currency: 'USD' } });
    expect(zero.body.errors[0]).toMatchObject({ code: 'VALUE_TOO_LOW', field: 'amount_money.amount' });
    const euros = await wire(emulator, 'POST', '/v2/payments', { idempotency_key: key(), source_id: 'cnon:card-nonce-ok', amount_money: { amount: 100, currency: 'EUR' } });
    expect(euros.body.errors[0]).toMatchObject({ code: 'UNSUPPORTED_CURRENCY', field: 'amount_money.currency' });
    const notJson = await fetch(`${emulator.url}/v2/payments`, { method: 'POST', headers: { Authorization: `Bearer ${EMULATOR_ACCESS_TOKEN}` }, body: '{"idempotency_key":' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { errors: { code: string }[] }).errors[0].code).toBe('EXPECTED_JSON_BODY');
    expect(emulator.payments().some((p) => p.amount_money?.amount === 0 || p.amount_money?.currency === 'EUR')).toBe(false);

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
    const minted = await mintToken(emulator, { cardNumber: '5105 1051 0510 5100', expirationDate: `07/${FUTURE_YY}` });
    expect(minted).toMatchObject({ status: 'OK', details: { card: { brand: 'MASTERCARD', last4: '5100', expMonth: 7, expYear: FUTURE_YEAR }, method: 'Card' } });
    const { payment } = await charge(minted.token);
    expect(payment?.cardDetails?.card).toMatchObject({ cardBrand: 'MASTERCARD', last4: '5100', expMonth: 7n, expYear: BigInt(FUTURE_YEAR) });

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

  it('lists payments newest first, by card and in pages', async () => {
    for (let i = 0; i < 6; i++) await charge('cnon:card-nonce-ok');
    await charge((await mintToken(emulator, { cardNumber: '5105 1051 0510 5100' })).token);
    const listed: string[] = [];
    for await (const payment of await emulator.client.payments.list({ limit: 5 })) listed.push(payment.id!);
    expect(listed).toEqual(
      emulator
        .payments()
        .map((p) => p.id)
        .reverse(),
    );
    expect(listed.length).toBeGreaterThan(5);

    const mastercard = await emulator.client.payments.list({ last4: '5100', sortOrder: 'ASC' });
    expect(mastercard.data.map((p) => p.cardDetails?.card?.cardBrand)).toEqual(
      emulator
        .payments()
        .filter((p) => p.card_details?.card?.last_4 === '5100')
        .map(() => 'MASTERCARD'),
    );
    expect(mastercard.data.length).toBeGreaterThan(0);

    const raw = await wire(emulator, 'GET', '/v2/payments?limit=2');
    expect(raw.body.payments).toHaveLength(2);
    expect(schemaProblems(serialization.ListPaymentsResponse, raw.body)).toEqual([]);
    const future = await wire(
      emulator,
      'GET',
      `/v2/payments?begin_time=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}&end_time=${encodeURIComponent(new Date(Date.now() + 120_000).toISOString())}`,
    );
    expect(future.body).toEqual({});
    const badTime = await wire(emulator, 'GET', '/v2/payments?begin_time=yesterday');
    expect(badTime.body.errors[0]).toMatchObject({ code: 'INVALID_TIME', field: 'begin_time' });
  });

  it('records the payment and answers late on a slow fault, so a retry with the same key gets the same payment', async () => {
    const idempotencyKey = key();
    const before = emulator.payments().length;
    emulator.faults.next('CreatePayment', { kind: 'slow', delayMs: 5000 });
    const request = { idempotencyKey, sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: 4200n, currency: 'USD' as const } };
    const timedOut = await emulator.client.payments.create(request, { timeoutInSeconds: 0.3 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    // On Node's own fetch the SDK reports its timeout as a SquareError without a status (cause 'timeout'), not a SquareTimeoutError.
    expect(timedOut).toBeInstanceOf(SquareError);
    expect(timedOut).toMatchObject({ statusCode: undefined, cause: 'timeout' });

    const retried = await emulator.client.payments.create(request);
    expect(retried.payment?.status).toBe('COMPLETED');
    const made = emulator.payments().slice(before);
    expect(made.map((p) => p.id)).toEqual([retried.payment?.id]);
  });

  it('records the payment and cuts the connection on a drop fault, so a retry with the same key gets the same payment', async () => {
    const before = emulator.payments().length;
    emulator.faults.next('CreatePayment', { kind: 'drop' });
    const idempotencyKey = key();
    const body = { idempotency_key: idempotencyKey, source_id: 'cnon:card-nonce-ok', amount_money: { amount: 2500, currency: 'USD' } };
    // A raw call: the SDK leaves its timeout timer running when the connection fails, which would hold jest open.
    const dropped = await wire(emulator, 'POST', '/v2/payments', body).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(dropped).toMatchObject({ message: 'fetch failed' });
    expect(emulator.payments()).toHaveLength(before + 1);

    const retried = await emulator.client.payments.create({ idempotencyKey, sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: 2500n, currency: 'USD' } });
    expect(
      emulator
        .payments()
        .slice(before)
        .map((p) => p.id),
    ).toEqual([retried.payment?.id]);
  });

  it('answers 503 and does nothing on an unavailable fault, then works again', async () => {
    const before = emulator.payments().length;
    emulator.faults.next('CreatePayment', { kind: 'unavailable' });
    const idempotencyKey = key();
    const error = await squareError(charge('cnon:card-nonce-ok', idempotencyKey));
    expect(error.statusCode).toBe(503);
    expect(error.errors[0]).toMatchObject({ category: 'API_ERROR', code: 'SERVICE_UNAVAILABLE' });
    expect(emulator.payments().length).toBe(before);
    emulator.faults.next('CreatePayment', { kind: 'unavailable' });
    const raw = await wire(emulator, 'POST', '/v2/payments', { idempotency_key: idempotencyKey, source_id: 'cnon:card-nonce-ok', amount_money: { amount: 2500, currency: 'USD' } });
    expect(raw.status).toBe(503);
    expect(schemaProblems(serialization.CreatePaymentResponse, raw.body)).toEqual([]);

    const { payment } = await charge('cnon:card-nonce-ok', idempotencyKey);
    expect(payment?.status).toBe('COMPLETED');
    expect(emulator.payments().length).toBe(before + 1);
  });

  it('lets a fault fall on a later call behind a pass: the first page of a list answers, the second is unavailable', async () => {
    for (let i = 0; i < 3; i++) await charge('cnon:card-nonce-ok');
    emulator.faults.next('ListPayments', { kind: 'pass' });
    emulator.faults.next('ListPayments', { kind: 'unavailable' });

    const first = await emulator.client.payments.list({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.hasNextPage()).toBe(true);
    expect((await squareError(first.getNextPage())).statusCode).toBe(503);
    expect(emulator.faults.pending()).toEqual({});
    expect((await first.getNextPage()).data.length).toBeGreaterThan(0);
  });

  it('takes faults and shows payments over HTTP, for a test driving an emulator in another process', async () => {
    const bad = await fetch(`${emulator.url}/emulator/faults`, { method: 'POST', body: JSON.stringify({ operation: 'CreatePayment', kind: 'melt' }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "kind must be 'slow', 'in-flight', 'unavailable', 'drop', 'pass' or 'internal-error'" });

    const remote = remoteEmulator(emulator.url);
    await remote.fault('CreatePayment', { kind: 'unavailable' }, 2);
    expect(emulator.faults.pending()).toEqual({ CreatePayment: [{ kind: 'unavailable' }, { kind: 'unavailable' }] });
    await remote.clearFaults();
    expect(emulator.faults.pending()).toEqual({});
    await remote.fault('CreatePayment', { kind: 'unavailable' });
    expect((await squareError(charge('cnon:card-nonce-ok'))).statusCode).toBe(503);

    const { payment } = await charge('cnon:card-nonce-ok');
    const listed = await remote.payments();
    expect(listed.map((p) => p.id)).toContain(payment?.id);
    expect(listed).toEqual(emulator.payments());
  });

  it('holds an amount without autocomplete, then completes or cancels it; a canceled one cannot be completed', async () => {
    const hold = () =>
      emulator.client.payments.create({
        idempotencyKey: key(),
        sourceId: 'cnon:card-nonce-ok',
        amountMoney: { amount: 1500n, currency: 'USD' },
        locationId: EMULATOR_LOCATION_ID,
        autocomplete: false,
      });
    const kept = (await hold()).payment!;
    expect([kept.status, kept.cardDetails?.status]).toEqual(['APPROVED', 'AUTHORIZED']);
    expect(kept.cardDetails?.card?.fingerprint).toMatch(/^sq-1-/);
    const completed = (await emulator.client.payments.complete({ paymentId: kept.id! })).payment!;
    expect([completed.status, completed.cardDetails?.status]).toEqual(['COMPLETED', 'CAPTURED']);
    expect((await emulator.client.payments.complete({ paymentId: kept.id! })).payment!.status).toBe('COMPLETED');

    const released = (await hold()).payment!;
    const canceled = (await emulator.client.payments.cancel({ paymentId: released.id! })).payment!;
    expect([canceled.status, canceled.cardDetails?.status]).toEqual(['CANCELED', 'VOIDED']);
    const refused = await squareError(emulator.client.payments.complete({ paymentId: released.id! }));
    expect([refused.statusCode, refused.errors[0]?.code]).toEqual([400, 'BAD_REQUEST']);
    expect((await squareError(emulator.client.payments.cancel({ paymentId: 'nope' }))).statusCode).toBe(404);
  });

  it('answers a duplicate of a request still in flight with 409 CONFLICT, then carries the first one out', async () => {
    emulator.faults.next('CreatePayment', { kind: 'in-flight', delayMs: 500 });
    const idempotencyKey = key();
    const first = charge('cnon:card-nonce-ok', idempotencyKey);
    await new Promise((r) => setTimeout(r, 100));
    const duplicate = await squareError(charge('cnon:card-nonce-ok', idempotencyKey));
    expect([duplicate.statusCode, duplicate.errors[0]?.category, duplicate.errors[0]?.code]).toEqual([409, 'INVALID_REQUEST_ERROR', 'CONFLICT']);
    const { payment } = await first;
    expect(payment?.status).toBe('COMPLETED');
    expect((await charge('cnon:card-nonce-ok', idempotencyKey)).payment?.id).toBe(payment?.id);
  });
});

describe('Square emulator: state across a restart', () => {
  it('keeps payments, idempotency keys and used tokens in its data folder', async () => {
    const first = await startTestEmulator();
    const token = await mintToken(first);
    const request = { idempotencyKey: 'restart-key', sourceId: token.token as string, amountMoney: { amount: 1500n, currency: 'USD' as const } };
    const { payment } = await first.client.payments.create(request);
    await first.close();
    // Written through a temporary file and a rename: nothing else is left behind.
    expect(await readdir(first.dataDir)).toEqual(['state.json']);

    const second = await startTestEmulator(first.dataDir);
    try {
      expect((await second.client.payments.get({ paymentId: payment!.id! })).payment?.status).toBe('COMPLETED');
      expect((await second.client.payments.create(request)).payment?.id).toBe(payment?.id);
      const used = await second.client.payments.create({ ...request, idempotencyKey: 'restart-key-2' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((used as SquareError).errors[0].code).toBe('CARD_TOKEN_USED');
      expect(second.payments()).toHaveLength(1);
    } finally {
      await second.close();
      await second.removeData();
    }
  });
});

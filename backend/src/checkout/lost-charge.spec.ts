import type { ChargeOutcome } from './card-payments';
import { lostChargeOutcome, refusedChargeOutcome } from './lost-charge';

const requestedAt = '2026-11-24T12:00:00.000Z';
const asked = Date.parse(requestedAt);
/** Three attempts of 15 s: a missing payment may still land for 90 s after the charge was asked for. */
const longest = 45_000;
const captured: ChargeOutcome = { kind: 'captured', paymentId: 'p1', cardBrand: 'VISA', last4: '1111', fingerprint: 'sq-1-x' };

describe('a lost charge, settled by a search of Square payments', () => {
  it('is what Square holds when the payment is found, however late', () => {
    expect(lostChargeOutcome({ kind: 'found', outcome: captured }, requestedAt, asked + 10 * longest, longest)).toBe(captured);
    expect(lostChargeOutcome({ kind: 'found', outcome: captured }, requestedAt, asked, longest)).toBe(captured);
  });

  it('stays unknown while Square cannot answer the search, however long ago the charge was asked for', () => {
    expect(lostChargeOutcome({ kind: 'unavailable', message: '503 SERVICE_UNAVAILABLE' }, requestedAt, asked + 1000 * longest, longest)).toEqual({
      kind: 'unknown',
      message: 'Square could not list its payments (503 SERVICE_UNAVAILABLE)',
    });
    expect(lostChargeOutcome({ kind: 'unavailable', message: 'timeout' }, undefined, asked, longest).kind).toBe('unknown');
  });

  it('stays unknown when a complete search finds none while the charge may still land', () => {
    expect(lostChargeOutcome({ kind: 'none' }, requestedAt, asked, longest)).toEqual({ kind: 'unknown', message: 'the charge may still be in flight' });
    expect(lostChargeOutcome({ kind: 'none' }, requestedAt, asked + 2 * longest - 1, longest).kind).toBe('unknown');
  });

  it('is not charged when a complete search finds none twice the longest charge after it was asked for', () => {
    const notCharged = { kind: 'declined', code: 'NOT_CHARGED', message: 'The payment did not go through and your card was not charged. Please try again.' };
    expect(lostChargeOutcome({ kind: 'none' }, requestedAt, asked + 2 * longest, longest)).toEqual(notCharged);
    // An order from before the time was recorded is old enough.
    expect(lostChargeOutcome({ kind: 'none' }, undefined, asked, longest)).toEqual(notCharged);
    expect(lostChargeOutcome({ kind: 'none' }, 'not a time', asked, longest)).toEqual(notCharged);
  });
});

describe('a charge Square refused outright (a 4xx that is no decline), settled by a search for its key', () => {
  const bogusToken = { code: 'NOT_FOUND', firstSendOfKey: true };
  const problem = '404 NOT_FOUND';

  it("is not charged when it was the key's first send and a complete search finds no payment", () => {
    expect(refusedChargeOutcome(bogusToken, { kind: 'none' }, problem)).toEqual({
      kind: 'declined',
      code: 'CARD_NOT_ACCEPTED',
      message: 'Your card was not accepted, and nothing was charged. Please enter your card again, or use another card.',
    });
  });

  it("says what Square named, in the shopper's words", () => {
    expect(refusedChargeOutcome({ code: 'CARD_TOKEN_USED', firstSendOfKey: true }, { kind: 'none' }, problem)).toEqual({
      kind: 'declined',
      code: 'CARD_NOT_ACCEPTED',
      message: 'This card entry was already used. Please enter your card again.',
    });
  });

  it('is what Square holds when a payment carries the key', () => {
    expect(refusedChargeOutcome(bogusToken, { kind: 'found', outcome: captured }, problem)).toBe(captured);
    expect(refusedChargeOutcome(undefined, { kind: 'found', outcome: captured }, problem)).toBe(captured);
  });

  it('stays unknown when the key was sent before: an earlier send may have charged under it', () => {
    expect(refusedChargeOutcome({ code: 'NOT_FOUND', firstSendOfKey: false }, { kind: 'none' }, problem)).toEqual({ kind: 'unknown', message: problem });
  });

  it('stays unknown when the search could not read every page', () => {
    expect(refusedChargeOutcome(bogusToken, { kind: 'unavailable', message: 'timeout' }, problem)).toEqual({ kind: 'unknown', message: problem });
  });

  it('stays unknown for a reused key, whose first body may have charged', () => {
    expect(refusedChargeOutcome({ code: 'IDEMPOTENCY_KEY_REUSED', firstSendOfKey: true }, { kind: 'none' }, problem)).toEqual({ kind: 'unknown', message: problem });
  });

  it('stays unknown without a refusal (no answer at all, a duplicate in flight)', () => {
    expect(refusedChargeOutcome(undefined, { kind: 'none' }, 'timeout')).toEqual({ kind: 'unknown', message: 'timeout' });
  });
});

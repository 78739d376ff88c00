import { deciderSpec } from '../../test/support/decider-spec';
import { fold } from '../platform/event-store/decider';
import { RecoveryAddressEvent, recoveryAddressDecider, reservationRefusal } from './recovery-address.decider';

/** One address, whichever carts name it: opted out, one sequence at a time, one email per gap. */
const spec = deciderSpec(recoveryAddressDecider);
const HOUR = 3_600_000;
const t0 = Date.parse('2026-11-25T10:00:00.000Z');
const GAP = 20 * HOUR;
const SEQUENCE = 72 * HOUR;
const reserve = (cartId: string, requestId: string, now: number) => ({ kind: 'ReserveEmail' as const, cartId, requestId, now, gapMs: GAP, sequenceMs: SEQUENCE });
const reserved = (cartId: string, requestId: string, at: number): RecoveryAddressEvent => ({ type: 'RecoveryEmailReserved', data: { cartId, requestId, at: new Date(at).toISOString() } });
const optedOut: RecoveryAddressEvent = { type: 'RecoveryEmailsOptedOut', data: { email: 'm@example.com' } };
const refusal = (past: RecoveryAddressEvent[], command: ReturnType<typeof reserve>) => reservationRefusal(fold(recoveryAddressDecider, past), command);

describe('recovery address decider', () => {
  it('opts out once', () => {
    spec.given().when({ kind: 'OptOut', email: 'm@example.com' }).then([optedOut]);
    spec.given(optedOut).when({ kind: 'OptOut', email: 'm@example.com' }).thenNothing();
    spec
      .given(reserved('a', 'step-1', t0))
      .when({ kind: 'OptOut', email: 'm@example.com' })
      .then([optedOut]);
  });

  it('reserves a first email, and says nothing against it', () => {
    spec
      .given()
      .when(reserve('a', 'step-1', t0))
      .then([reserved('a', 'step-1', t0)]);
    expect(refusal([], reserve('a', 'step-1', t0))).toBeUndefined();
  });

  it('lets a send retried after a crash go on, recording nothing more', () => {
    spec
      .given(reserved('a', 'step-1', t0))
      .when(reserve('a', 'step-1', t0 + 60_000))
      .thenNothing();
    expect(refusal([reserved('a', 'step-1', t0)], reserve('a', 'step-1', t0 + 60_000))).toBeUndefined();
    expect(refusal([optedOut, reserved('a', 'step-1', t0)], reserve('a', 'step-1', t0))).toBeUndefined();
  });

  it('refuses every email to an address that opted out', () => {
    spec
      .given(optedOut)
      .when(reserve('a', 'step-1', t0))
      .thenNothing();
    expect(refusal([optedOut], reserve('a', 'step-1', t0))).toBe('opted-out');
  });

  it("refuses another cart's email while the first cart's sequence holds the address", () => {
    const first = [reserved('a', 'step-1', t0)];
    spec
      .given(...first)
      .when(reserve('b', 'step-1', t0 + SEQUENCE - 1))
      .thenNothing();
    expect(refusal(first, reserve('b', 'step-1', t0 + GAP))).toBe('another-cart');
    expect(refusal(first, reserve('b', 'step-1', t0 + SEQUENCE - 1))).toBe('another-cart');
    // The sequence's start stays its first email's, however many follow.
    expect(refusal([...first, reserved('a', 'step-2', t0 + 23 * HOUR)], reserve('b', 'step-1', t0 + SEQUENCE - 1))).toBe('another-cart');
    spec
      .given(...first, reserved('a', 'step-2', t0 + 23 * HOUR))
      .when(reserve('b', 'step-1', t0 + SEQUENCE))
      .then([reserved('b', 'step-1', t0 + SEQUENCE)]);
  });

  it('refuses a second email, from any cart, less than the gap after the last', () => {
    spec
      .given(reserved('a', 'step-1', t0))
      .when(reserve('a', 'step-2', t0 + GAP - 1))
      .thenNothing();
    expect(refusal([reserved('a', 'step-1', t0)], reserve('a', 'step-2', t0 + GAP - 1))).toBe('too-soon');
    expect(refusal([reserved('a', 'step-1', t0)], reserve('a', 'other-request', t0 + 1))).toBe('too-soon');
    spec
      .given(reserved('a', 'step-1', t0))
      .when(reserve('a', 'step-2', t0 + GAP))
      .then([reserved('a', 'step-2', t0 + GAP)]);
    // A new cart after the first's sequence is over: its first email takes the address, but not within the gap of the last.
    const later = [reserved('a', 'step-1', t0), reserved('a', 'step-3', t0 + SEQUENCE + HOUR)];
    expect(refusal(later, reserve('b', 'step-1', t0 + SEQUENCE + 2 * HOUR))).toBe('too-soon');
    spec
      .given(...later)
      .when(reserve('b', 'step-1', t0 + SEQUENCE + HOUR + GAP))
      .then([reserved('b', 'step-1', t0 + SEQUENCE + HOUR + GAP)]);
  });

  it("keeps the state it folds: the sequence's cart and start, and the last email", () => {
    const state = fold(recoveryAddressDecider, [reserved('a', 'step-1', t0), reserved('a', 'step-2', t0 + GAP), reserved('b', 'step-1', t0 + SEQUENCE)]);
    expect(state).toEqual({ optedOut: false, sequence: { cartId: 'b', since: t0 + SEQUENCE }, last: { cartId: 'b', requestId: 'step-1', at: t0 + SEQUENCE } });
    expect(fold(recoveryAddressDecider, [reserved('a', 'step-1', t0), optedOut])).toEqual({
      optedOut: true,
      sequence: { cartId: 'a', since: t0 },
      last: { cartId: 'a', requestId: 'step-1', at: t0 },
    });
  });
});

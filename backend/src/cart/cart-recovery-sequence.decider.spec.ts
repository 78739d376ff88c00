import { deciderSpec } from '../../test/support/decider-spec';
import { fold } from '../platform/event-store/decider';
import { cartDecider, recoveryStepStops, type CartState } from './cart.decider';
import type { CartEvent } from './cart.events';

/** The automatic sequence: each step is requested only while the cart still waits for its shopper. */
const spec = deciderSpec(cartDecider);
const created: CartEvent = { type: 'CartCreated', data: { cartId: 'c1', sessionId: 's1' } };
const added: CartEvent = { type: 'ItemAdded', data: { itemId: 'i1', productId: 1, name: 'Raven Hoodie', imageUrl: '/r.svg', unitPriceCents: 6800, quantity: 1 } };
const contact: CartEvent = { type: 'ContactDetailsGiven', data: { name: 'Morticia', email: 'm@example.com', atCheckout: true } };
const abandoned: CartEvent = { type: 'CartAbandoned', data: {} };
const requested = (step: number, requestId = `step-${step}`): CartEvent => ({ type: 'RecoveryEmailRequested', data: { requestId, step } });
const sent = (step: number, requestId = `step-${step}`): CartEvent => ({ type: 'RecoveryEmailSent', data: { requestId, step, messageId: `<${requestId}>`, to: 'm@example.com' } });
const waiting = [created, added, contact, abandoned];
const step = (n: number, optedOut = false) => ({ kind: 'RequestRecoveryStep' as const, requestId: `step-${n}`, step: n, optedOut });

describe('cart decider: the recovery sequence', () => {
  it('requests each step in turn, and records each sent with its step', () => {
    spec
      .given(...waiting)
      .when(step(1))
      .then([requested(1)]);
    spec
      .given(...waiting, requested(1))
      .when({ kind: 'RecordRecoveryEmailSent', requestId: 'step-1', messageId: '<step-1>', to: 'm@example.com' })
      .then([sent(1)]);
    spec
      .given(...waiting, requested(1), sent(1))
      .when(step(2))
      .then([requested(2)]);
    spec
      .given(...waiting, requested(1), sent(1), requested(2), sent(2))
      .when(step(3))
      .then([requested(3)]);
  });

  it('sends nothing for a step already sent, or while another email is on its way', () => {
    spec
      .given(...waiting, requested(1), sent(1))
      .when(step(1))
      .thenNothing();
    spec
      .given(...waiting, requested(1))
      .when(step(1))
      .thenNothing();
    spec
      .given(...waiting, requested(1))
      .when(step(2))
      .thenNothing();
    spec
      .given(...waiting, requested(1), sent(1))
      .when({ kind: 'RecordRecoveryEmailSent', requestId: 'step-1', messageId: '<step-1>', to: 'm@example.com' })
      .thenNothing();
  });

  it("counts the studio's manual email as the next step, so the sequence skips it", () => {
    spec
      .given(...waiting)
      .when({ kind: 'RequestRecoveryEmail', requestId: 'manual' })
      .then([requested(1, 'manual')]);
    spec
      .given(...waiting, requested(1, 'manual'), sent(1, 'manual'))
      .when(step(1))
      .thenNothing();
    spec
      .given(...waiting, requested(1), sent(1))
      .when({ kind: 'RequestRecoveryEmail', requestId: 'manual' })
      .then([requested(2, 'manual')]);
  });

  it('stops once the cart is bought', () => {
    const bought: CartEvent[] = [
      { type: 'CheckoutStarted', data: { orderId: 'o1' } },
      { type: 'CartCheckedOut', data: { orderId: 'o1' } },
    ];
    spec
      .given(...waiting, requested(1), sent(1), ...bought)
      .when(step(2))
      .thenNothing();
    spec
      .given(...waiting, { type: 'CheckoutStarted', data: { orderId: 'o1' } })
      .when(step(1))
      .thenNothing();
  });

  it('stops once the cart is emptied or changed by the shopper', () => {
    spec
      .given(...waiting, { type: 'CartCleared', data: {} })
      .when(step(1))
      .thenNothing();
    spec
      .given(...waiting, { type: 'ItemQuantityChanged', data: { itemId: 'i1', quantity: 2 } })
      .when(step(1))
      .thenNothing();
    spec
      .given(...waiting, requested(1), sent(1), { type: 'ItemRemoved', data: { itemId: 'i1' } })
      .when(step(2))
      .thenNothing();
  });

  it('goes on when only the catalogue repriced an item', () => {
    spec
      .given(...waiting, { type: 'ItemRepriced', data: { itemId: 'i1', unitPriceCents: 6000 } })
      .when(step(1))
      .then([requested(1)]);
  });

  it('stops when the address opted out, when the shopper came back, and never starts for a cart not abandoned', () => {
    spec
      .given(...waiting, requested(1), sent(1))
      .when(step(2, true))
      .thenNothing();
    spec
      .given(...waiting, { type: 'CartRecovered', data: {} })
      .when(step(1))
      .thenNothing();
    spec.given(created, added, contact).when(step(1)).thenNothing();
  });
});

describe('cart decider: recovery through the restore link', () => {
  it('records the return once, and only for an abandoned cart that still holds something', () => {
    spec
      .given(...waiting, requested(1), sent(1))
      .when({ kind: 'RecoverCart' })
      .then([{ type: 'CartRecovered', data: {} }]);
    spec
      .given(...waiting, { type: 'CartRecovered', data: {} })
      .when({ kind: 'RecoverCart' })
      .thenNothing();
    spec.given(created, added, contact).when({ kind: 'RecoverCart' }).thenNothing();
    spec
      .given(...waiting, { type: 'CheckoutStarted', data: { orderId: 'o1' } }, { type: 'CartCheckedOut', data: { orderId: 'o1' } })
      .when({ kind: 'RecoverCart' })
      .thenNothing();
  });
});

describe('cart decider: abandonment by the worker', () => {
  it('records an idle cart abandoned once', () => {
    spec.given(created, added, contact).when({ kind: 'AbandonCart' }).then([abandoned]);
    spec
      .given(...waiting)
      .when({ kind: 'AbandonCart' })
      .thenNothing();
  });
});

describe('cart decider: the recovery sequence, told apart', () => {
  it('records an email sent for the step that was asked for, when the sequence skipped one', () => {
    spec
      .given(...waiting, requested(1), sent(1), requested(3))
      .when({ kind: 'RecordRecoveryEmailSent', requestId: 'step-3', messageId: '<step-3>', to: 'm@example.com' })
      .then([sent(3)]);
  });

  it('reads requests and sends stored before steps were recorded as the next step each', () => {
    const oldRequested = (requestId: string): CartEvent => ({ type: 'RecoveryEmailRequested', data: { requestId } });
    const oldSent = (requestId: string): CartEvent => ({ type: 'RecoveryEmailSent', data: { requestId, messageId: `<${requestId}>`, to: 'm@example.com' } });
    const state = fold(cartDecider, [...waiting, oldRequested('a'), oldSent('a'), oldRequested('b')]);
    expect(state).toMatchObject({ lastRecoveryStep: 1, recoveryEmailsSent: 1, pendingRecoveryEmail: 'b', pendingRecoveryStep: 2 });
    expect(fold(cartDecider, [...waiting, oldRequested('a'), oldSent('a'), oldRequested('b'), oldSent('b')])).toMatchObject({ lastRecoveryStep: 2, recoveryEmailsSent: 2 });
  });

  it.each<[CartEvent['type'], CartEvent]>([
    ['ItemRemoved', { type: 'ItemRemoved', data: { itemId: 'i1' } }],
    ['ContactDetailsGiven', { type: 'ContactDetailsGiven', data: { name: 'Morticia', email: 'mo@example.com', atCheckout: true } }],
    ['CartCleared', { type: 'CartCleared', data: {} }],
    ['CheckoutStarted', { type: 'CheckoutStarted', data: { orderId: 'o1' } }],
  ])("counts %s after the abandonment as the shopper's return: no more steps", (_type, change) => {
    expect(fold(cartDecider, [...waiting, change])).toMatchObject({ changedSinceAbandoned: true });
    spec
      .given(...waiting, change)
      .when(step(1))
      .thenNothing();
  });

  it("does not count the shop's own events as the shopper's return", () => {
    expect(fold(cartDecider, [...waiting, requested(1), sent(1)])).not.toHaveProperty('changedSinceAbandoned');
  });

  it('says why a step sends nothing', () => {
    const base = fold(cartDecider, waiting) as Extract<CartState, { exists: true }>;
    expect(recoveryStepStops(base, 1, false)).toBeUndefined();
    expect(recoveryStepStops({ exists: false }, 1, false)).toBe('not abandoned');
    expect(recoveryStepStops({ ...base, lines: [] }, 1, false)).toBe('bought or emptied');
    expect(recoveryStepStops({ ...base, checkoutOrderId: 'o1' }, 1, false)).toBe('being paid for');
    expect(recoveryStepStops({ ...base, changedSinceAbandoned: true }, 1, false)).toBe('changed by the shopper');
    expect(recoveryStepStops({ ...base, recovered: true }, 1, false)).toBe('recovered');
    expect(recoveryStepStops({ ...base, lastRecoveryStep: 1 }, 1, false)).toBe('step sent already');
    expect(recoveryStepStops({ ...base, pendingRecoveryEmail: 'r' }, 1, false)).toBe('an email is on its way');
    expect(recoveryStepStops({ ...base, contact: undefined }, 1, false)).toBe('no address');
    expect(recoveryStepStops({ ...base, contactAtCheckout: false }, 1, false)).toBe('address not given at checkout');
    expect(recoveryStepStops(base, 1, true)).toBe('opted out');
  });

  it('requests nothing for a cart abandoned without an address', () => {
    spec.given(created, added, abandoned).when(step(1)).thenNothing();
  });
});

import { deciderSpec } from '../../test/support/decider-spec';
import { fold } from '../platform/event-store/decider';
import { cartDecider } from './cart.decider';
import type { CartEvent } from './cart.events';

/**
 * Whose address a cart writes to: only one given in a checkout attempt (anyone can type any address
 * into a cart), and an email the address's own limits held back ends its step.
 */
const spec = deciderSpec(cartDecider);
const created: CartEvent = { type: 'CartCreated', data: { cartId: 'c1', sessionId: 's1' } };
const added: CartEvent = { type: 'ItemAdded', data: { itemId: 'i1', productId: 1, name: 'Raven Hoodie', imageUrl: '/r.svg', unitPriceCents: 6800, quantity: 1 } };
const given = (email: string, atCheckout?: boolean): CartEvent => ({ type: 'ContactDetailsGiven', data: { name: 'Morticia', email, ...(atCheckout === undefined ? {} : { atCheckout }) } });
const atCheckout = given('m@example.com', true);
const abandoned: CartEvent = { type: 'CartAbandoned', data: {} };
const requested = (step: number, requestId = `step-${step}`): CartEvent => ({ type: 'RecoveryEmailRequested', data: { requestId, step } });
const sent = (step: number, to = 'm@example.com'): CartEvent => ({ type: 'RecoveryEmailSent', data: { requestId: `step-${step}`, step, messageId: `<step-${step}>`, to } });
const withheld = (step: number, reason: 'opted-out' | 'too-soon' | 'another-cart' = 'too-soon'): CartEvent => ({
  type: 'RecoveryEmailWithheld',
  data: { requestId: `step-${step}`, step, reason },
});
const step = (n: number) => ({ kind: 'RequestRecoveryStep' as const, requestId: `step-${n}`, step: n, optedOut: false });
const give = (email: string, checkout: boolean) => ({ kind: 'GiveContactDetails' as const, name: 'Morticia', email, atCheckout: checkout });

describe('cart decider: an address given in a checkout attempt', () => {
  it('emails only an address given at checkout: not one typed elsewhere, nor one from before this was recorded', () => {
    spec
      .given(created, added, atCheckout, abandoned)
      .when(step(1))
      .then([requested(1)]);
    spec.given(created, added, given('m@example.com', false), abandoned).when(step(1)).thenNothing();
    spec.given(created, added, given('m@example.com'), abandoned).when(step(1)).thenNothing();
  });

  it("refuses the studio's email to an address not given at checkout", () => {
    spec
      .given(created, added, given('m@example.com', false), abandoned)
      .when({ kind: 'RequestRecoveryEmail', requestId: 'manual' })
      .thenThrows('CONTACT_NOT_FROM_CHECKOUT', /never given at checkout/);
  });

  it('records the same details again when a checkout attempt vouches for them, and not the other way round', () => {
    spec
      .given(created, given('m@example.com', false))
      .when(give('m@example.com', true))
      .then([{ type: 'ContactDetailsGiven', data: { name: 'Morticia', email: 'm@example.com', atCheckout: true } }]);
    spec.given(created, atCheckout).when(give('m@example.com', false)).thenNothing();
    spec.given(created, given('m@example.com', false)).when(give('m@example.com', false)).thenNothing();
    spec
      .given(created, given('m@example.com', false))
      .when({ kind: 'GiveContactDetails', name: 'Wednesday', email: 'm@example.com', atCheckout: false })
      .then([{ type: 'ContactDetailsGiven', data: { name: 'Wednesday', email: 'm@example.com', atCheckout: false } }]);
  });

  it('forgets the checkout once another address is typed elsewhere', () => {
    spec.given(created, added, atCheckout, given('stranger@example.com', false), abandoned).when(step(1)).thenNothing();
    spec
      .given(created, added, given('stranger@example.com', false), atCheckout, abandoned)
      .when(step(1))
      .then([requested(1)]);
  });
});

describe('cart decider: an email the address held back', () => {
  const waiting = [created, added, atCheckout, abandoned];

  it('records the pending email withheld with its step and reason, once, and only for the email on its way', () => {
    spec
      .given(...waiting, requested(2))
      .when({ kind: 'WithholdRecoveryEmail', requestId: 'step-2', reason: 'another-cart' })
      .then([withheld(2, 'another-cart')]);
    spec
      .given(...waiting, requested(2), withheld(2))
      .when({ kind: 'WithholdRecoveryEmail', requestId: 'step-2', reason: 'too-soon' })
      .thenNothing();
    spec
      .given(...waiting, requested(1))
      .when({ kind: 'WithholdRecoveryEmail', requestId: 'other', reason: 'too-soon' })
      .thenNothing();
  });

  it('ends that step, and leaves the next free to go', () => {
    spec
      .given(...waiting, requested(1), withheld(1))
      .when(step(1))
      .thenNothing();
    spec
      .given(...waiting, requested(1), withheld(1))
      .when(step(2))
      .then([requested(2)]);
    spec
      .given(...waiting, requested(1), sent(1), requested(2), withheld(2))
      .when({ kind: 'RequestRecoveryEmail', requestId: 'manual' })
      .then([requested(3, 'manual')]);
    spec
      .given(...waiting, requested(2), withheld(2))
      .when({ kind: 'RecordRecoveryEmailSent', requestId: 'step-2', messageId: '<m>', to: 'm@example.com' })
      .thenNothing();
  });

  it('keeps the highest step when a lower one is withheld after a higher one went', () => {
    const state = fold(cartDecider, [...waiting, requested(3), sent(3), requested(1), withheld(1)]);
    expect(state).toMatchObject({ lastRecoveryStep: 3, recoveryEmailsSent: 1 });
    expect(state.exists && state.pendingRecoveryEmail).toBeUndefined();
    expect(state.exists && state.pendingRecoveryStep).toBeUndefined();
  });

  it('remembers every address its emails went to', () => {
    const state = fold(cartDecider, [...waiting, requested(1), sent(1), requested(2), sent(2, 'other@example.com')]);
    expect(state).toMatchObject({ recoveryRecipients: ['m@example.com', 'other@example.com'], contact: { name: 'Morticia', email: 'm@example.com' }, contactAtCheckout: true });
  });
});

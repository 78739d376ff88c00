import { deciderSpec } from '../../test/support/decider-spec';
import { cartDecider, MAX_RECOVERY_EMAILS } from './cart.decider';
import type { CartEvent } from './cart.events';

const spec = deciderSpec(cartDecider);
const created: CartEvent = { type: 'CartCreated', data: { cartId: 'c1', sessionId: 's1' } };
const added: CartEvent = { type: 'ItemAdded', data: { itemId: 'i1', productId: 1, name: 'Raven Hoodie', imageUrl: '/r.svg', unitPriceCents: 6800, quantity: 1 } };
const contact: CartEvent = { type: 'ContactDetailsGiven', data: { name: 'Morticia', email: 'm@example.com', atCheckout: true } };
const abandoned: CartEvent = { type: 'CartAbandoned', data: {} };
const requested = (requestId: string, step = 1): CartEvent => ({ type: 'RecoveryEmailRequested', data: { requestId, step } });
const sent = (requestId: string, step = 1): CartEvent => ({ type: 'RecoveryEmailSent', data: { requestId, step, messageId: `<${requestId}>`, to: 'm@example.com' } });

describe('cart decider: abandonment and recovery emails', () => {
  it('marks a cart with items abandoned, once', () => {
    spec.given(created, added).when({ kind: 'AbandonCart' }).then([abandoned]);
    spec.given(created, added, abandoned).when({ kind: 'AbandonCart' }).thenNothing();
  });

  it('refuses to abandon an empty cart or one being paid for', () => {
    spec.given(created).when({ kind: 'AbandonCart' }).thenThrows('EMPTY_CART', 'This cart is empty: there is nothing to recover.');
    spec
      .given(created, added, { type: 'CheckoutStarted', data: { orderId: 'o1' } })
      .when({ kind: 'AbandonCart' })
      .thenThrows('CHECKOUT_IN_PROGRESS', 'This cart is being paid for right now.');
  });

  it('asks for a recovery email, marking the cart abandoned first when it was not', () => {
    spec
      .given(created, added, contact)
      .when({ kind: 'RequestRecoveryEmail', requestId: 'r1' })
      .then([abandoned, requested('r1')]);
    spec
      .given(created, added, contact, abandoned)
      .when({ kind: 'RequestRecoveryEmail', requestId: 'r1' })
      .then([requested('r1')]);
  });

  it('refuses a recovery email without an email address to write to', () => {
    spec.given(created, added).when({ kind: 'RequestRecoveryEmail', requestId: 'r1' }).thenThrows('NO_EMAIL', 'This cart has no email address to write to.');
  });

  it('asks nothing more while one email is on its way, and records it sent once', () => {
    const pending = [created, added, contact, abandoned, requested('r1')];
    spec
      .given(...pending)
      .when({ kind: 'RequestRecoveryEmail', requestId: 'r2' })
      .thenNothing();
    spec
      .given(...pending)
      .when({ kind: 'RecordRecoveryEmailSent', requestId: 'r1', messageId: '<r1>', to: 'm@example.com' })
      .then([sent('r1')]);
    spec
      .given(...pending, sent('r1'))
      .when({ kind: 'RecordRecoveryEmailSent', requestId: 'r1', messageId: '<r1>', to: 'm@example.com' })
      .thenNothing();
  });

  it(`stops after ${MAX_RECOVERY_EMAILS} emails`, () => {
    const history = [1, 2, 3].flatMap((n) => [requested(`r${n}`, n), sent(`r${n}`, n)]);
    spec
      .given(created, added, contact, abandoned, ...history)
      .when({ kind: 'RequestRecoveryEmail', requestId: 'r4' })
      .thenThrows('RECOVERY_LIMIT', `This cart has had ${MAX_RECOVERY_EMAILS} recovery emails already.`);
  });

  it('forgets a pending email once the shopper checked out, so nothing is sent for a bought cart', () => {
    const checkedOut: CartEvent[] = [
      { type: 'CheckoutStarted', data: { orderId: 'o1' } },
      { type: 'CartCheckedOut', data: { orderId: 'o1' } },
    ];
    spec
      .given(created, added, contact, abandoned, requested('r1'), ...checkedOut)
      .when({ kind: 'RecordRecoveryEmailSent', requestId: 'r1', messageId: '<r1>', to: 'm@example.com' })
      .thenNothing();
  });
});

// The recovery email goes to the contact details last given.
describe('cart decider: contact details', () => {
  const given: CartEvent = { type: 'ContactDetailsGiven', data: { name: 'Ana', email: 'ana@example.com' } };

  it('records contact details again when only the name or only the email changes', () => {
    spec
      .given(created, given)
      .when({ kind: 'GiveContactDetails', name: 'Ana Lugosi', email: 'ana@example.com', atCheckout: true })
      .then([{ type: 'ContactDetailsGiven', data: { name: 'Ana Lugosi', email: 'ana@example.com', atCheckout: true } }]);
    spec
      .given(created, given)
      .when({ kind: 'GiveContactDetails', name: 'Ana', email: 'ana@example.org', atCheckout: false })
      .then([{ type: 'ContactDetailsGiven', data: { name: 'Ana', email: 'ana@example.org', atCheckout: false } }]);
  });
});

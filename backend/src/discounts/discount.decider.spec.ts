import { deciderSpec } from '../../test/support/decider-spec';
import { fold } from '../platform/event-store/decider';
import { ActiveDiscount, assertUseLeft, discountDecider } from './discount.decider';
import type { DiscountEvent, DiscountTerms } from './discount.events';

const terms: DiscountTerms = {
  type: 'percentage',
  value: 20,
  minimumSubtotalCents: 0,
  startsAt: '2026-10-24T04:00:00.000Z',
  endsAt: '2026-11-02T04:00:00.000Z',
  usageLimit: 2,
  oncePerCustomer: true,
  productIds: [],
  categories: ['patches'],
  combines: false,
  automatic: false,
  description: '',
};
const created: DiscountEvent = { type: 'DiscountCreated', data: { code: 'HALLOWEEN20', ...terms } };
const reserved = (orderId: string, email = `${orderId}@example.com`): DiscountEvent => ({ type: 'DiscountReserved', data: { orderId, email } });
const claimed = (orderId: string, cardFingerprint: string): DiscountEvent => ({ type: 'DiscountCardClaimed', data: { orderId, cardFingerprint } });
const released = (orderId: string): DiscountEvent => ({ type: 'DiscountReleased', data: { orderId } });
const redeemed = (orderId: string, email = `${orderId}@example.com`, cardFingerprint: string | null = null): DiscountEvent => ({
  type: 'DiscountRedeemed',
  data: { orderId, email, cardFingerprint, totalCents: 4000, discountCents: 1000 },
});
const deleted: DiscountEvent = { type: 'DiscountDeleted', data: {} };
const during = '2026-10-30T12:00:00.000Z';
const reserve = (orderId: string, email = `${orderId}@example.com`, at = during) => ({ kind: 'Reserve' as const, code: 'HALLOWEEN20', orderId, email, at });
const spec = deciderSpec(discountDecider);

describe('a discount code', () => {
  describe('made', () => {
    it('records its code and terms', () => spec.given().when({ kind: 'Create', code: 'HALLOWEEN20', terms }).then([created]));

    it('once while it exists', () => spec.given(created).when({ kind: 'Create', code: 'HALLOWEEN20', terms }).thenThrows('DISCOUNT_EXISTS', 'HALLOWEEN20 already exists.'));

    it('again after it was deleted, starting afresh: its old uses count no more', () => {
      spec.given(created, deleted).when({ kind: 'Create', code: 'HALLOWEEN20', terms }).then([created]);
      spec
        .given(created, redeemed('o-1'), redeemed('o-2'), deleted, created)
        .when(reserve('o-3'))
        .then([reserved('o-3')]);
    });

    it('takes a whole 1 to 100 percent off', () => {
      for (const value of [0, 101, 12.5, -5]) {
        spec
          .given()
          .when({ kind: 'Create', code: 'X', terms: { ...terms, value } })
          .thenThrows('VALIDATION_FAILED', 'A percentage discount takes a whole 1 to 100 percent off.');
      }
      for (const value of [1, 100])
        spec
          .given()
          .when({ kind: 'Create', code: 'X', terms: { ...terms, value } })
          .then([{ type: 'DiscountCreated', data: { code: 'X', ...terms, value } }]);
    });

    it('takes at least a cent off as a fixed amount', () => {
      for (const value of [0, 2.5, -100]) {
        spec
          .given()
          .when({ kind: 'Create', code: 'X', terms: { ...terms, type: 'fixed', value } })
          .thenThrows('VALIDATION_FAILED', 'A fixed discount takes at least $0.01 off.');
      }
      spec
        .given()
        .when({ kind: 'Create', code: 'X', terms: { ...terms, type: 'fixed', value: 1 } })
        .then([{ type: 'DiscountCreated', data: { code: 'X', ...terms, type: 'fixed', value: 1 } }]);
      // A fixed amount may be more than 100 (cents).
      spec
        .given()
        .when({ kind: 'Create', code: 'X', terms: { ...terms, type: 'fixed', value: 500 } })
        .then([{ type: 'DiscountCreated', data: { code: 'X', ...terms, type: 'fixed', value: 500 } }]);
    });

    it('takes no value for free shipping', () => {
      spec
        .given()
        .when({ kind: 'Create', code: 'X', terms: { ...terms, type: 'free-shipping', value: 5 } })
        .thenThrows('VALIDATION_FAILED', 'A free-shipping discount takes no value.');
      spec
        .given()
        .when({ kind: 'Create', code: 'X', terms: { ...terms, type: 'free-shipping', value: 0 } })
        .then([{ type: 'DiscountCreated', data: { code: 'X', ...terms, type: 'free-shipping', value: 0 } }]);
    });

    it('ends after it starts, compared as instants', () => {
      spec
        .given()
        .when({ kind: 'Create', code: 'X', terms: { ...terms, endsAt: terms.startsAt } })
        .thenThrows('VALIDATION_FAILED', 'The discount must end after it starts.');
      spec
        .given()
        .when({ kind: 'Create', code: 'X', terms: { ...terms, endsAt: '2026-10-24T00:00:00-04:00' } })
        .thenThrows('VALIDATION_FAILED');
      // Open at either end.
      spec
        .given()
        .when({ kind: 'Create', code: 'X', terms: { ...terms, startsAt: null } })
        .then([{ type: 'DiscountCreated', data: { code: 'X', ...terms, startsAt: null } }]);
      spec
        .given()
        .when({ kind: 'Create', code: 'X', terms: { ...terms, endsAt: null } })
        .then([{ type: 'DiscountCreated', data: { code: 'X', ...terms, endsAt: null } }]);
    });

    it('has a usage limit of a whole 1 or more, or none', () => {
      for (const usageLimit of [0, 1.5, -1]) {
        spec
          .given()
          .when({ kind: 'Create', code: 'X', terms: { ...terms, usageLimit } })
          .thenThrows('VALIDATION_FAILED', 'usageLimit must be a whole number of 1 or more.');
      }
      for (const usageLimit of [1, null])
        spec
          .given()
          .when({ kind: 'Create', code: 'X', terms: { ...terms, usageLimit } })
          .then([{ type: 'DiscountCreated', data: { code: 'X', ...terms, usageLimit } }]);
    });

    it('as an automatic sale, is a price on the shelf: no free shipping, usage limit, once per customer or minimum', () => {
      const sale = { ...terms, automatic: true, usageLimit: null, oncePerCustomer: false };
      spec
        .given()
        .when({ kind: 'Create', code: 'SALE', terms: sale })
        .then([{ type: 'DiscountCreated', data: { code: 'SALE', ...sale } }]);
      spec
        .given()
        .when({ kind: 'Create', code: 'SALE', terms: { ...sale, type: 'free-shipping', value: 0 } })
        .thenThrows('VALIDATION_FAILED', 'An automatic sale takes a percentage or an amount off prices; free shipping needs a code.');
      const shelf = 'An automatic sale is the price every shopper sees: it takes no usage limit, once-per-customer or minimum subtotal.';
      spec
        .given()
        .when({ kind: 'Create', code: 'SALE', terms: { ...sale, usageLimit: 5 } })
        .thenThrows('VALIDATION_FAILED', shelf);
      spec
        .given()
        .when({ kind: 'Create', code: 'SALE', terms: { ...sale, oncePerCustomer: true } })
        .thenThrows('VALIDATION_FAILED', shelf);
      spec
        .given()
        .when({ kind: 'Create', code: 'SALE', terms: { ...sale, minimumSubtotalCents: 1 } })
        .thenThrows('VALIDATION_FAILED', shelf);
      // A code (not automatic) may have them all.
      spec
        .given()
        .when({ kind: 'Create', code: 'X', terms: { ...terms, minimumSubtotalCents: 5000 } })
        .then([{ type: 'DiscountCreated', data: { code: 'X', ...terms, minimumSubtotalCents: 5000 } }]);
    });
  });

  describe('changed', () => {
    it('records only the terms that differ, lists compared by value', () =>
      spec
        .given(created)
        .when({ kind: 'Change', changes: { ...terms, value: 25, categories: ['patches'], productIds: [3] } })
        .then([{ type: 'DiscountChanged', data: { changes: { value: 25, productIds: [3] } } }]));

    it('records nothing when nothing differs, or nothing was given', () => {
      spec.given(created).when({ kind: 'Change', changes: terms }).thenNothing();
      spec
        .given(created)
        .when({ kind: 'Change', changes: { value: undefined } })
        .thenNothing();
    });

    it('compares with the terms as earlier changes left them', () => {
      const changed: DiscountEvent = { type: 'DiscountChanged', data: { changes: { value: 30 } } };
      spec
        .given(created, changed)
        .when({ kind: 'Change', changes: { value: 30 } })
        .thenNothing();
      spec
        .given(created, changed)
        .when({ kind: 'Change', changes: { value: 20 } })
        .then([{ type: 'DiscountChanged', data: { changes: { value: 20 } } }]);
    });

    it('keeps its terms valid, the changes applied to what they were', () => {
      spec
        .given(created)
        .when({ kind: 'Change', changes: { startsAt: '2026-11-03T00:00:00.000Z' } })
        .thenThrows('VALIDATION_FAILED', 'The discount must end after it starts.');
      spec
        .given(created)
        .when({ kind: 'Change', changes: { type: 'fixed', value: 500 } })
        .then([{ type: 'DiscountChanged', data: { changes: { type: 'fixed', value: 500 } } }]);
    });

    it('is refused for a code never made or deleted', () => {
      spec
        .given()
        .when({ kind: 'Change', changes: { value: 5 } })
        .thenThrows('DISCOUNT_NOT_FOUND', 'There is no such discount.');
      spec
        .given(created, deleted)
        .when({ kind: 'Change', changes: { value: 5 } })
        .thenThrows('DISCOUNT_NOT_FOUND');
    });
  });

  describe('deleted', () => {
    it('goes once; a second delete is done already', () => {
      spec.given(created).when({ kind: 'Delete' }).then([deleted]);
      spec.given(created, deleted).when({ kind: 'Delete' }).thenNothing();
    });

    it('is refused for a code never made', () => spec.given().when({ kind: 'Delete' }).thenThrows('DISCOUNT_NOT_FOUND', 'There is no such discount.'));

    it('can no longer be reserved', () => spec.given(created, deleted).when(reserve('o-1')).thenThrows('DISCOUNT_UNKNOWN', 'HALLOWEEN20 is not a valid discount code.'));
  });

  describe('reserved by a checkout', () => {
    it('holds one use for the order', () =>
      spec
        .given(created)
        .when(reserve('o-1', 'vesper@example.com'))
        .then([reserved('o-1', 'vesper@example.com')]));

    it('is refused when it does not exist, or is an automatic sale', () => {
      spec.given().when(reserve('o-1')).thenThrows('DISCOUNT_UNKNOWN', 'HALLOWEEN20 is not a valid discount code.');
      const sale: DiscountEvent = { type: 'DiscountCreated', data: { code: 'HALLOWEEN20', ...terms, automatic: true, usageLimit: null, oncePerCustomer: false } };
      spec.given(sale).when(reserve('o-1')).thenThrows('DISCOUNT_UNKNOWN');
    });

    it('only from its start, up to (not at) its end', () => {
      spec
        .given(created)
        .when(reserve('o-1', 'a@example.com', '2026-10-24T03:59:59.999Z'))
        .thenThrows('DISCOUNT_NOT_STARTED', 'HALLOWEEN20 is not on yet.', { startsAt: terms.startsAt });
      spec
        .given(created)
        .when(reserve('o-1', 'a@example.com', '2026-10-24T04:00:00.000Z'))
        .then([reserved('o-1', 'a@example.com')]);
      spec
        .given(created)
        .when(reserve('o-1', 'a@example.com', '2026-11-02T03:59:59.999Z'))
        .then([reserved('o-1', 'a@example.com')]);
      spec
        .given(created)
        .when(reserve('o-1', 'a@example.com', '2026-11-02T04:00:00.000Z'))
        .thenThrows('DISCOUNT_ENDED', 'HALLOWEEN20 has ended.', { endsAt: terms.endsAt });
    });

    it('at any time when it has neither start nor end', () => {
      const always: DiscountEvent = { type: 'DiscountCreated', data: { code: 'HALLOWEEN20', ...terms, startsAt: null, endsAt: null } };
      spec
        .given(always)
        .when(reserve('o-1', 'a@example.com', '2000-01-01T00:00:00.000Z'))
        .then([reserved('o-1', 'a@example.com')]);
      spec
        .given(always)
        .when(reserve('o-1', 'a@example.com', '2100-01-01T00:00:00.000Z'))
        .then([reserved('o-1', 'a@example.com')]);
    });

    it('no more than its usage limit, reserved uses counted with redeemed ones', () => {
      spec
        .given(created, reserved('o-1'))
        .when(reserve('o-2'))
        .then([reserved('o-2')]);
      spec
        .given(created, reserved('o-1'), redeemed('o-2'))
        .when(reserve('o-3'))
        .thenThrows('DISCOUNT_LIMIT_REACHED', 'HALLOWEEN20 has been used as many times as it can be.', { usageLimit: 2 });
      spec.given(created, reserved('o-1'), reserved('o-2')).when(reserve('o-3')).thenThrows('DISCOUNT_LIMIT_REACHED');
    });

    it('again once a failed checkout released its use', () =>
      spec
        .given(created, reserved('o-1'), reserved('o-2'), released('o-1'))
        .when(reserve('o-3'))
        .then([reserved('o-3')]));

    it('without a limit, by any number of checkouts', () => {
      const unlimited: DiscountEvent = { type: 'DiscountCreated', data: { code: 'HALLOWEEN20', ...terms, usageLimit: null } };
      spec
        .given(unlimited, redeemed('o-1'), redeemed('o-2'), reserved('o-3'))
        .when(reserve('o-4'))
        .then([reserved('o-4')]);
    });

    it('once per customer: not by a second checkout with an email that reserved or redeemed it', () => {
      spec
        .given(created, reserved('o-1', 'vesper@example.com'))
        .when(reserve('o-2', 'vesper@example.com'))
        .thenThrows('DISCOUNT_ALREADY_USED', 'HALLOWEEN20 has already been used with this email address. It is good for one order.');
      spec.given(created, redeemed('o-1', 'vesper@example.com')).when(reserve('o-2', 'vesper@example.com')).thenThrows('DISCOUNT_ALREADY_USED');
      spec
        .given(created, redeemed('o-1', 'vesper@example.com'))
        .when(reserve('o-2', 'mina@example.com'))
        .then([reserved('o-2', 'mina@example.com')]);
      // Released, the email may use it again.
      spec
        .given(created, reserved('o-1', 'vesper@example.com'), released('o-1'))
        .when(reserve('o-2', 'vesper@example.com'))
        .then([reserved('o-2', 'vesper@example.com')]);
    });

    it('by one email many times when it is not once per customer', () => {
      const open: DiscountEvent = { type: 'DiscountCreated', data: { code: 'HALLOWEEN20', ...terms, oncePerCustomer: false } };
      spec
        .given(open, redeemed('o-1', 'vesper@example.com'))
        .when(reserve('o-2', 'vesper@example.com'))
        .then([reserved('o-2', 'vesper@example.com')]);
    });

    it('by the same checkout again (a twin request): it holds its use already, at the limit or not', () => {
      spec.given(created, reserved('o-1', 'vesper@example.com')).when(reserve('o-1', 'vesper@example.com')).thenNothing();
      spec.given(created, reserved('o-1', 'vesper@example.com'), reserved('o-2')).when(reserve('o-1', 'vesper@example.com')).thenNothing();
    });
  });

  describe("asked on the cart page, or again for the order's own checkout", () => {
    const at = (...past: DiscountEvent[]) => fold(discountDecider, past) as ActiveDiscount;

    it('counts every use but the one the asking checkout holds', () => {
      expect(() => assertUseLeft(at(created, reserved('o-1', 'a@example.com'), reserved('o-2')), { orderId: 'o-1', email: 'a@example.com' })).not.toThrow();
      expect(() => assertUseLeft(at(created, reserved('o-1', 'a@example.com'), reserved('o-2')), { email: 'b@example.com' })).toThrow(
        'HALLOWEEN20 has been used as many times as it can be.',
      );
      expect(() => assertUseLeft(at(created, reserved('o-1', 'a@example.com')), { email: 'a@example.com' })).toThrow('HALLOWEEN20 has already been used with this email address.');
      expect(() => assertUseLeft(at(created, reserved('o-1', 'a@example.com')), { email: 'b@example.com' })).not.toThrow();
    });
  });

  describe('claimed by a card', () => {
    it("records the card of the checkout's use", () =>
      spec
        .given(created, reserved('o-1'))
        .when({ kind: 'ClaimCard', orderId: 'o-1', cardFingerprint: 'fp-1' })
        .then([claimed('o-1', 'fp-1')]));

    it('is refused to a card another checkout claimed or redeemed it with', () => {
      const message = 'HALLOWEEN20 has already been used with this card. It is good for one order per customer. Nothing was charged: remove the code to pay the full price.';
      spec
        .given(created, reserved('o-1'), claimed('o-1', 'fp-1'), reserved('o-2'))
        .when({ kind: 'ClaimCard', orderId: 'o-2', cardFingerprint: 'fp-1' })
        .thenThrows('DISCOUNT_ALREADY_USED', message);
      spec
        .given(created, redeemed('o-1', 'a@example.com', 'fp-1'), reserved('o-2'))
        .when({ kind: 'ClaimCard', orderId: 'o-2', cardFingerprint: 'fp-1' })
        .thenThrows('DISCOUNT_ALREADY_USED');
      spec
        .given(created, redeemed('o-1', 'a@example.com', 'fp-1'), reserved('o-2'))
        .when({ kind: 'ClaimCard', orderId: 'o-2', cardFingerprint: 'fp-2' })
        .then([claimed('o-2', 'fp-2')]);
    });

    it('by a card whose checkout failed, again', () =>
      spec
        .given(created, reserved('o-1'), claimed('o-1', 'fp-1'), released('o-1'), reserved('o-2'))
        .when({ kind: 'ClaimCard', orderId: 'o-2', cardFingerprint: 'fp-1' })
        .then([claimed('o-2', 'fp-1')]));

    it('records nothing when claimed already with that card, or when the order holds no use', () => {
      spec.given(created, reserved('o-1'), claimed('o-1', 'fp-1')).when({ kind: 'ClaimCard', orderId: 'o-1', cardFingerprint: 'fp-1' }).thenNothing();
      spec.given(created).when({ kind: 'ClaimCard', orderId: 'o-9', cardFingerprint: 'fp-1' }).thenNothing();
    });

    it('asks nothing of a card when the code is not once per customer, or is gone', () => {
      const open: DiscountEvent = { type: 'DiscountCreated', data: { code: 'HALLOWEEN20', ...terms, oncePerCustomer: false } };
      spec
        .given(open, redeemed('o-1', 'a@example.com', 'fp-1'), reserved('o-2'))
        .when({ kind: 'ClaimCard', orderId: 'o-2', cardFingerprint: 'fp-1' })
        .thenNothing();
      spec
        .given(created, redeemed('o-1', 'a@example.com', 'fp-1'), deleted)
        .when({ kind: 'ClaimCard', orderId: 'o-2', cardFingerprint: 'fp-1' })
        .thenNothing();
      spec.given().when({ kind: 'ClaimCard', orderId: 'o-2', cardFingerprint: 'fp-1' }).thenNothing();
    });
  });

  describe('released by a failed checkout', () => {
    it('frees its use', () =>
      spec
        .given(created, reserved('o-1'))
        .when({ kind: 'Release', orderId: 'o-1' })
        .then([released('o-1')]));

    it("once; never a use that was paid, another order's, or on a code gone", () => {
      spec.given(created, reserved('o-1'), released('o-1')).when({ kind: 'Release', orderId: 'o-1' }).thenNothing();
      spec.given(created, reserved('o-1'), redeemed('o-1')).when({ kind: 'Release', orderId: 'o-1' }).thenNothing();
      spec.given(created, reserved('o-2')).when({ kind: 'Release', orderId: 'o-1' }).thenNothing();
      spec.given(created, reserved('o-1'), deleted).when({ kind: 'Release', orderId: 'o-1' }).thenNothing();
      spec.given().when({ kind: 'Release', orderId: 'o-1' }).thenNothing();
    });
  });

  describe('redeemed by a paid checkout', () => {
    const redeem = (orderId: string, cardFingerprint: string | null = 'fp-1') => ({
      kind: 'Redeem' as const,
      orderId,
      email: `${orderId}@example.com`,
      cardFingerprint,
      totalCents: 4000,
      discountCents: 1000,
    });

    it('counts the use with what the order came to', () =>
      spec
        .given(created, reserved('o-1'))
        .when(redeem('o-1'))
        .then([redeemed('o-1', 'o-1@example.com', 'fp-1')]));

    it('once, whoever records it', () => spec.given(created, reserved('o-1'), redeemed('o-1')).when(redeem('o-1')).thenNothing());

    it('also for an order that never reserved it (opened before codes had streams)', () =>
      spec
        .given(created)
        .when(redeem('o-1', null))
        .then([redeemed('o-1')]));

    it('not on a code deleted meanwhile, or never made', () => {
      spec.given(created, reserved('o-1'), deleted).when(redeem('o-1')).thenNothing();
      spec.given().when(redeem('o-1')).thenNothing();
    });

    it('keeps its use counted for the limit and the customer', () => {
      spec.given(created, reserved('o-1', 'vesper@example.com'), redeemed('o-1', 'vesper@example.com')).when(reserve('o-2', 'vesper@example.com')).thenThrows('DISCOUNT_ALREADY_USED');
      spec.given(created, redeemed('o-1'), redeemed('o-2')).when(reserve('o-3')).thenThrows('DISCOUNT_LIMIT_REACHED');
    });
  });

  describe('its history', () => {
    it('ignores uses recorded on a deleted code', () => {
      spec.given(created, deleted, reserved('o-1'), claimed('o-1', 'fp'), redeemed('o-1'), released('o-1')).when({ kind: 'Delete' }).thenNothing();
      spec.given(created, deleted, reserved('o-1')).when({ kind: 'Create', code: 'HALLOWEEN20', terms }).then([created]);
    });

    it('ignores a card claimed for an order that holds no use', () =>
      spec
        .given(created, claimed('o-1', 'fp-1'), reserved('o-2'))
        .when({ kind: 'ClaimCard', orderId: 'o-2', cardFingerprint: 'fp-1' })
        .then([claimed('o-2', 'fp-1')]));

    it('a code deleted before it was made stays unmade', () => spec.given(deleted).when({ kind: 'Delete' }).thenThrows('DISCOUNT_NOT_FOUND'));
  });
});

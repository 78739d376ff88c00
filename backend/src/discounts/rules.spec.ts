import { DomainError } from '../platform/errors/domain-error';
import type { DiscountTerms } from './discount.events';
import { appliesTo, discountOn, nextSaleChange, normalizeCode, percentOffCents, salePriceCents, type DiscountLine, type Sale } from './rules';

const terms: DiscountTerms = {
  type: 'percentage',
  value: 20,
  minimumSubtotalCents: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  oncePerCustomer: false,
  productIds: [],
  categories: [],
  combines: false,
  automatic: false,
  description: '',
};
const patch: DiscountLine = { productId: 1, category: 'patches', quantity: 2, unitPriceCents: 1250, onSale: false };
const hoodie: DiscountLine = { productId: 2, category: 'clothing', quantity: 1, unitPriceCents: 6800, onSale: false };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message, details: error.details };
    throw error;
  }
  throw new Error('not refused');
};

describe('what a code takes off', () => {
  it('as a percentage, of every item, rounded half up to the cent', () => {
    expect(discountOn('X', terms, [patch, hoodie])).toEqual({ discountCents: 1860, freeShipping: false });
    expect(discountOn('X', { ...terms, value: 10 }, [{ ...patch, quantity: 1, unitPriceCents: 6805 }])).toEqual({ discountCents: 681, freeShipping: false });
  });

  it('as a fixed amount, never more than the items it applies to', () => {
    expect(discountOn('X', { ...terms, type: 'fixed', value: 500 }, [patch])).toEqual({ discountCents: 500, freeShipping: false });
    expect(discountOn('X', { ...terms, type: 'fixed', value: 2500 }, [patch])).toEqual({ discountCents: 2500, freeShipping: false });
    expect(discountOn('X', { ...terms, type: 'fixed', value: 9000, categories: ['patches'] }, [patch, hoodie])).toEqual({ discountCents: 2500, freeShipping: false });
  });

  it('as free shipping, nothing off the items', () => {
    expect(discountOn('X', { ...terms, type: 'free-shipping', value: 0 }, [patch])).toEqual({ discountCents: 0, freeShipping: true });
  });

  it('only of the products or categories it names', () => {
    expect(discountOn('X', { ...terms, categories: ['clothing'] }, [patch, hoodie]).discountCents).toBe(1360);
    expect(discountOn('X', { ...terms, productIds: [1] }, [patch, hoodie]).discountCents).toBe(500);
    expect(discountOn('X', { ...terms, productIds: [1], categories: ['clothing'] }, [patch, hoodie]).discountCents).toBe(1860);
  });

  it('takes nothing off an empty cart, and refuses nothing', () => {
    expect(discountOn('X', { ...terms, minimumSubtotalCents: 5000, categories: ['clothing'] }, [])).toEqual({ discountCents: 0, freeShipping: false });
    expect(discountOn('X', { ...terms, type: 'free-shipping', value: 0 }, [])).toEqual({ discountCents: 0, freeShipping: true });
  });

  it('is refused when it names none of the items', () => {
    expect(refusal(() => discountOn('PATCHES', { ...terms, categories: ['patches'] }, [hoodie]))).toEqual({
      code: 'DISCOUNT_NOT_APPLICABLE',
      message: 'PATCHES does not apply to the items in your cart.',
      details: undefined,
    });
    expect(refusal(() => discountOn('X', { ...terms, productIds: [9] }, [hoodie])).code).toBe('DISCOUNT_NOT_APPLICABLE');
  });

  it('leaves out items on sale unless it combines with the sale', () => {
    const onSale = { ...hoodie, onSale: true };
    expect(discountOn('X', terms, [patch, onSale]).discountCents).toBe(500);
    expect(discountOn('X', { ...terms, combines: true }, [patch, onSale]).discountCents).toBe(1860);
    expect(refusal(() => discountOn('X', terms, [onSale]))).toMatchObject({
      code: 'DISCOUNT_NOT_APPLICABLE',
      message: 'X does not combine with sale prices, and the items it applies to are on sale.',
    });
  });

  it('needs its minimum subtotal, of the items it applies to', () => {
    const min = { ...terms, minimumSubtotalCents: 5000 };
    expect(discountOn('X', min, [{ ...patch, quantity: 4 }]).discountCents).toBe(1000);
    expect(refusal(() => discountOn('BIG', min, [patch]))).toEqual({
      code: 'DISCOUNT_MINIMUM_NOT_MET',
      message: 'BIG is for orders of $50.00 or more; yours come to $25.00.',
      details: { minimumSubtotal: '50.00', subtotal: '25.00' },
    });
    expect(refusal(() => discountOn('BIG', { ...min, categories: ['patches'] }, [patch, hoodie]))).toEqual({
      code: 'DISCOUNT_MINIMUM_NOT_MET',
      message: 'BIG is for orders of $50.00 or more of the items it applies to; yours come to $25.00.',
      details: { minimumSubtotal: '50.00', subtotal: '25.00' },
    });
    expect(refusal(() => discountOn('X', { ...min, minimumSubtotalCents: 2501 }, [patch])).code).toBe('DISCOUNT_MINIMUM_NOT_MET');
  });
});

describe('which products a discount names', () => {
  it('every one when it names none; else by id or by category', () => {
    expect(appliesTo({ productIds: [], categories: [] }, { productId: 1, category: 'patches' })).toBe(true);
    expect(appliesTo({ productIds: [1], categories: [] }, { productId: 1, category: 'patches' })).toBe(true);
    expect(appliesTo({ productIds: [2], categories: [] }, { productId: 1, category: 'patches' })).toBe(false);
    expect(appliesTo({ productIds: [], categories: ['patches'] }, { productId: 1, category: 'patches' })).toBe(true);
    expect(appliesTo({ productIds: [], categories: ['clothing'] }, { productId: 1, category: 'patches' })).toBe(false);
  });
});

describe('sale prices', () => {
  const at = Date.parse('2026-10-30T12:00:00Z');
  const sale: Sale = { type: 'percentage', value: 20, productIds: [], categories: [], startsAt: '2026-10-24T04:00:00.000Z', endsAt: '2026-11-02T04:00:00.000Z' };

  it('take a percentage off, rounded half up: was $40, now $32', () => {
    expect(salePriceCents([sale], { productId: 1, category: 'patches' }, 4000, at)).toBe(3200);
    expect(salePriceCents([{ ...sale, value: 10 }], { productId: 1, category: 'patches' }, 1005, at)).toBe(904);
  });

  it('take an amount off, but never give an item away', () => {
    const fixed: Sale = { ...sale, type: 'fixed', value: 500 };
    expect(salePriceCents([fixed], { productId: 1, category: 'patches' }, 4000, at)).toBe(3500);
    expect(salePriceCents([fixed], { productId: 1, category: 'patches' }, 501, at)).toBe(1);
    expect(salePriceCents([fixed], { productId: 1, category: 'patches' }, 500, at)).toBe(500);
    expect(salePriceCents([{ ...sale, value: 100 }], { productId: 1, category: 'patches' }, 500, at)).toBe(500);
  });

  it('only while on, and only on what they name', () => {
    expect(salePriceCents([sale], { productId: 1, category: 'patches' }, 4000, Date.parse(sale.startsAt!) - 1)).toBe(4000);
    expect(salePriceCents([sale], { productId: 1, category: 'patches' }, 4000, Date.parse(sale.startsAt!))).toBe(3200);
    expect(salePriceCents([sale], { productId: 1, category: 'patches' }, 4000, Date.parse(sale.endsAt!) - 1)).toBe(3200);
    expect(salePriceCents([sale], { productId: 1, category: 'patches' }, 4000, Date.parse(sale.endsAt!))).toBe(4000);
    expect(salePriceCents([{ ...sale, startsAt: null, endsAt: null }], { productId: 1, category: 'patches' }, 4000, 0)).toBe(3200);
    expect(salePriceCents([{ ...sale, categories: ['clothing'] }], { productId: 1, category: 'patches' }, 4000, at)).toBe(4000);
  });

  it('give the lowest price of the sales that apply', () => {
    const sales: Sale[] = [sale, { ...sale, type: 'fixed', value: 1000 }, { ...sale, value: 5 }];
    expect(salePriceCents(sales, { productId: 1, category: 'patches' }, 4000, at)).toBe(3000);
    expect(salePriceCents(sales, { productId: 1, category: 'patches' }, 8000, at)).toBe(6400);
    expect(salePriceCents([], { productId: 1, category: 'patches' }, 8000, at)).toBe(8000);
  });

  it('hold until the next start or end of any sale', () => {
    const later: Sale = { ...sale, startsAt: '2026-10-31T00:00:00.000Z', endsAt: null };
    expect(nextSaleChange([sale, later], at)).toBe(Date.parse('2026-10-31T00:00:00.000Z'));
    expect(nextSaleChange([sale], at)).toBe(Date.parse(sale.endsAt!));
    expect(nextSaleChange([sale], Date.parse('2026-10-01T00:00:00Z'))).toBe(Date.parse(sale.startsAt!));
    expect(nextSaleChange([sale], Date.parse(sale.endsAt!))).toBe(Infinity);
    expect(nextSaleChange([{ ...sale, startsAt: null, endsAt: null }], at)).toBe(Infinity);
  });
});

describe('the shared arithmetic', () => {
  it('rounds a percentage half up, and reads a code whatever its case and spacing', () => {
    expect(percentOffCents(6805, 10)).toBe(681);
    expect(percentOffCents(6804, 10)).toBe(680);
    expect(normalizeCode(' halloween20 ')).toBe('HALLOWEEN20');
  });
});

import { DomainError } from '../platform/errors/domain-error';
import { assertAvailable, stockFrom } from './stock-rules';

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const { code, message, details } = error as DomainError;
    return { code, message, details };
  }
  throw new Error('expected a refusal');
};

describe('stock rules: is there enough of it', () => {
  const bat = { name: 'Bat Patch', inStock: true, available: 3 };

  it('accepts up to exactly what is available', () => {
    expect(() => assertAvailable(bat, 1)).not.toThrow();
    expect(() => assertAvailable(bat, 3)).not.toThrow();
  });

  it('refuses one more than is available, saying how many are left', () => {
    expect(refusal(() => assertAvailable(bat, 4))).toEqual({ code: 'INSUFFICIENT_STOCK', message: 'Only 3 of Bat Patch left.', details: { available: 3 } });
  });

  it('calls a product with nothing available sold out', () => {
    expect(refusal(() => assertAvailable({ ...bat, available: 0 }, 1))).toEqual({ code: 'OUT_OF_STOCK', message: 'Bat Patch is sold out.', details: { available: 0 } });
  });

  it('calls a product marked sold out sold out, whatever its count', () => {
    expect(refusal(() => assertAvailable({ ...bat, inStock: false }, 1))).toMatchObject({ code: 'OUT_OF_STOCK', details: { available: 0 } });
  });

  // An operator may lower the count below what checkouts hold: a negative count is none left.
  it('calls a product counted below zero sold out', () => {
    expect(refusal(() => assertAvailable({ ...bat, available: -2 }, 1))).toMatchObject({ code: 'OUT_OF_STOCK', details: { available: 0 } });
  });

  it('names the product in the details when it is known', () => {
    expect(refusal(() => assertAvailable({ ...bat, productId: 7 }, 4)).details).toEqual({ productId: 7, available: 3 });
    expect(refusal(() => assertAvailable({ ...bat, available: 0, productId: 7 }, 1)).details).toEqual({ productId: 7, available: 0 });
  });
});

describe('stock rules: in stock from the quantity', () => {
  it('is in stock above 0 and sold out at 0', () => {
    expect(stockFrom({ stockQuantity: 1 })).toEqual({ inStock: true, stockQuantity: 1 });
    expect(stockFrom({ stockQuantity: 0 })).toEqual({ inStock: false, stockQuantity: 0 });
  });

  it("keeps the operator's flag and the quantity as given", () => {
    expect(stockFrom({ inStock: false, stockQuantity: 5 })).toEqual({ inStock: false, stockQuantity: 5 });
    expect(stockFrom({ inStock: true, stockQuantity: 0 })).toEqual({ inStock: true, stockQuantity: 0 });
  });
});

import { normalizeCode, percentOffCents } from './discount-rules';

describe('discount rules', () => {
  it('takes 10% of the subtotal, rounded half up to the cent', () => {
    expect(percentOffCents(6800, 10)).toBe(680);
    expect(percentOffCents(6805, 10)).toBe(681);
    expect(percentOffCents(6804, 10)).toBe(680);
    expect(percentOffCents(5, 10)).toBe(1);
    expect(percentOffCents(4, 10)).toBe(0);
    expect(percentOffCents(0, 10)).toBe(0);
  });

  it('reads a code whatever its case and spacing', () => {
    expect(normalizeCode('  darkCircle10 ')).toBe('DARKCIRCLE10');
  });
});

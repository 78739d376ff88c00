import { formatCents, parseCents } from './money';

describe('money', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [2500, '25.00'],
    [123456, '1234.56'],
    [-150, '-1.50'],
  ])('formats %p cents as %p', (cents, text) => expect(formatCents(cents)).toBe(text));

  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25.05', 2505],
    [' 0.10 ', 10],
  ])('parses %p as %p cents', (text, cents) => expect(parseCents(text)).toBe(cents));

  it.each(['', '1.234', '-1', 'abc', '1e3', '1.'])('refuses %p', (text) => expect(parseCents(text)).toBeUndefined());
});

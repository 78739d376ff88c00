import { formatCents, moneyText, parseCents } from './money';

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

  // The API's answers are checked against this schema: what formatCents writes, and nothing else.
  it.each(['0.00', '25.00', '1234.56', '-1.50'])('takes %p as an amount the API sends', (text) => expect(moneyText.safeParse(text).success).toBe(true));
  it.each(['25', '25.5', '25.555', 'a25.00', '25.00a', '2a.00', '25.a0', '+1.50', '--1.50'])('refuses %p as an amount the API sends', (text) =>
    expect(moneyText.safeParse(text).success).toBe(false),
  );
  it('says what an amount looks like, for the API reference', () => expect(moneyText.meta()?.description).toBe('A decimal amount in dollars, e.g. "68.00"'));
});

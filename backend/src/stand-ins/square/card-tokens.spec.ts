import { brandOf, checkCard, luhnValid, mintCardToken } from './card-tokens';
import { EMULATOR_APPLICATION_ID, EMULATOR_LOCATION_ID } from './emulator-identity';
import { emptyState } from './emulator-state';

const TODAY = new Date('2026-11-23T12:00:00Z');
const card = (fields: Record<string, string> = {}) => ({ cardNumber: '4111 1111 1111 1111', expirationDate: '12/34', cvv: '111', postalCode: '12345', ...fields });
const mint = (fields: Record<string, string> = {}) => {
  const state = emptyState();
  const result = mintCardToken(state, { applicationId: EMULATOR_APPLICATION_ID, locationId: EMULATOR_LOCATION_ID, ...card(fields) });
  return { state, result };
};

describe('the card form checks', () => {
  it.each([
    ['4111111111111111', 'VISA'],
    ['5105105105105100', 'MASTERCARD'],
    ['6011000000000004', 'DISCOVER'],
    ['340000000000009', 'AMERICAN_EXPRESS'],
  ])('accepts the sandbox test card %s as %s', (number, brand) => {
    expect(luhnValid(number)).toBe(true);
    expect(brandOf(number)).toBe(brand);
  });

  it('refuses a number that fails the Luhn check or is too short', () => {
    expect(checkCard(card({ cardNumber: '4111 1111 1111 1112' }), TODAY)).toEqual({ errors: [{ field: 'cardNumber', message: 'Card number is not valid.' }] });
    expect(checkCard(card({ cardNumber: '4242' }), TODAY)).toEqual({ errors: [{ field: 'cardNumber', message: 'Card number is not valid.' }] });
  });

  it('reads MM/YY and MM/YYYY, and refuses month 13, other formats and a past month', () => {
    expect(checkCard(card({ expirationDate: '11/26' }), TODAY)).toMatchObject({ month: 11, year: 2026 });
    expect(checkCard(card({ expirationDate: '3/2031' }), TODAY)).toMatchObject({ month: 3, year: 2031 });
    expect(checkCard(card({ expirationDate: '13/30' }), TODAY)).toEqual({ errors: [{ field: 'expirationDate', message: 'Expiration date must be MM/YY.' }] });
    expect(checkCard(card({ expirationDate: '1230' }), TODAY)).toEqual({ errors: [{ field: 'expirationDate', message: 'Expiration date must be MM/YY.' }] });
    expect(checkCard(card({ expirationDate: '10/26' }), TODAY)).toEqual({ errors: [{ field: 'expirationDate', message: 'The card has expired.' }] });
  });

  it('wants four CVV digits for American Express and three for the others', () => {
    expect(checkCard(card({ cardNumber: '3400 000000 00009', cvv: '1111' }), TODAY)).toMatchObject({ brand: 'AMERICAN_EXPRESS', cvv: '1111' });
    expect(checkCard(card({ cardNumber: '3400 000000 00009', cvv: '111' }), TODAY)).toEqual({ errors: [{ field: 'cvv', message: 'CVV must be 4 digits.' }] });
    expect(checkCard(card({ cvv: '1111' }), TODAY)).toEqual({ errors: [{ field: 'cvv', message: 'CVV must be 3 digits.' }] });
  });

  it('names every empty field', () => {
    expect(checkCard({}, TODAY)).toEqual({
      errors: [
        { field: 'cardNumber', message: 'Card number is required.' },
        { field: 'expirationDate', message: 'Expiration date is required.' },
        { field: 'cvv', message: 'CVV is required.' },
        { field: 'postalCode', message: 'Postal code is required.' },
      ],
    });
  });
});

describe('minting a card token', () => {
  it('binds the token to the outcome the sandbox failure values force', () => {
    const outcomes = ([{}, { cvv: '911' }, { postalCode: '99999' }, { expirationDate: '01/40' }, { cardNumber: '4000 0000 0000 0002' }] as Record<string, string>[]).map((fields) => {
      const { state, result } = mint(fields);
      return result.status === 'OK' ? state.cardTokens[result.token].outcome : result.status;
    });
    expect(outcomes).toEqual(['ok', 'rejected-cvv', 'rejected-postalcode', 'rejected-expiration', 'declined']);
  });

  it('hands out a new single-use cnon: token each time and records nothing for an invalid card', () => {
    const a = mint();
    const b = mint();
    expect(a.result.status === 'OK' && a.result.token).toMatch(/^cnon:/);
    expect(a.result.status === 'OK' && b.result.status === 'OK' && a.result.token !== b.result.token).toBe(true);
    const invalid = mint({ cvv: '12' });
    expect(invalid.result).toEqual({ status: 'Invalid', errors: [{ type: 'VALIDATION_ERROR', field: 'cvv', message: 'CVV must be 3 digits.' }] });
    expect(invalid.state.cardTokens).toEqual({});
  });

  it('answers Error for another application or location', () => {
    const state = emptyState();
    expect(mintCardToken(state, { ...card(), applicationId: 'sandbox-sq0idb-other', locationId: EMULATOR_LOCATION_ID }).status).toBe('Error');
    expect(mintCardToken(state, { ...card(), applicationId: EMULATOR_APPLICATION_ID, locationId: 'ELSEWHERE' }).status).toBe('Error');
    expect(state.cardTokens).toEqual({});
  });
});

import { EMULATOR_APPLICATION_ID, EMULATOR_LOCATION_ID } from './emulator-identity';
import type { CardOutcome, EmulatorState, MintedToken } from './emulator-state';
import { now } from './emulator-context';
import { newId } from './ids';

/** The sandbox's reusable test tokens and the outcome each one forces. */
export const TEST_TOKENS: Record<string, CardOutcome> = {
  'cnon:card-nonce-ok': 'ok',
  'cnon:card-nonce-declined': 'declined',
  'cnon:card-nonce-rejected-cvv': 'rejected-cvv',
  'cnon:card-nonce-rejected-postalcode': 'rejected-postalcode',
  'cnon:card-nonce-rejected-expiration': 'rejected-expiration',
};

/** The card the sandbox's test tokens stand for. */
export const TEST_TOKEN_CARD: MintedToken['card'] = { brand: 'VISA', last4: '1111', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, bin: '411111' };

/** What the card form posts to `/emulator/card-tokens`: the fields exactly as the shopper typed them. */
export interface CardFormInput {
  applicationId?: unknown;
  locationId?: unknown;
  cardNumber?: unknown;
  expirationDate?: unknown;
  cvv?: unknown;
  postalCode?: unknown;
}

/** The Web Payments SDK's `TokenResult`. */
export type TokenResult =
  | { status: 'OK'; token: string; details: { card: { brand: string; last4: string; expMonth: number; expYear: number }; method: 'Card'; billing: { postalCode: string } } }
  | { status: 'Invalid' | 'Error'; errors: { type: string; field?: string; message: string }[] };

type CardField = 'cardNumber' | 'expirationDate' | 'cvv' | 'postalCode';

const DECLINED_CARD = '4000000000000002';
const CVV_FAILURE = '911';
const POSTAL_CODE_FAILURE = '99999';
const EXPIRATION_FAILURE = { month: 1, year: 2040 };

/**
 * Checks what the shopper typed as Square's card form would (Luhn, a real expiry not in the past,
 * the brand's CVV length, a postal code) and, when it is a card, mints a single-use token bound to
 * the outcome that the sandbox's failure values force.
 */
export function mintCardToken(state: EmulatorState, input: CardFormInput): TokenResult {
  if (input.applicationId !== EMULATOR_APPLICATION_ID) {
    return { status: 'Error', errors: [{ type: 'INVALID_APPLICATION_ID', message: `Unknown application id: ${String(input.applicationId)}` }] };
  }
  if (input.locationId !== EMULATOR_LOCATION_ID) {
    return { status: 'Error', errors: [{ type: 'INVALID_LOCATION_ID', message: `Unknown location id: ${String(input.locationId)}` }] };
  }
  const checked = checkCard(input);
  if ('errors' in checked) return { status: 'Invalid', errors: checked.errors.map((e) => ({ type: 'VALIDATION_ERROR', ...e })) };

  const { number, month, year, cvv, postalCode, brand } = checked;
  const token = newId.cardToken();
  state.cardTokens[token] = {
    outcome: outcomeOf(number, month, year, cvv, postalCode),
    card: { brand, last4: number.slice(-4), expMonth: month, expYear: year, bin: number.slice(0, 6) },
    postalCode,
    createdAt: now(),
  };
  return { status: 'OK', token, details: { card: { brand, last4: number.slice(-4), expMonth: month, expYear: year }, method: 'Card', billing: { postalCode } } };
}

function outcomeOf(number: string, month: number, year: number, cvv: string, postalCode: string): CardOutcome {
  if (number === DECLINED_CARD) return 'declined';
  if (cvv === CVV_FAILURE) return 'rejected-cvv';
  if (postalCode === POSTAL_CODE_FAILURE) return 'rejected-postalcode';
  if (month === EXPIRATION_FAILURE.month && year === EXPIRATION_FAILURE.year) return 'rejected-expiration';
  return 'ok';
}

interface CheckedCard {
  number: string;
  brand: string;
  month: number;
  year: number;
  cvv: string;
  postalCode: string;
}

export function checkCard(input: CardFormInput, today = new Date()): CheckedCard | { errors: { field: CardField; message: string }[] } {
  const errors: { field: CardField; message: string }[] = [];
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

  const number = text(input.cardNumber).replace(/[\s-]/g, '');
  const brand = brandOf(number);
  if (!number) errors.push({ field: 'cardNumber', message: 'Card number is required.' });
  else if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.push({ field: 'cardNumber', message: 'Card number is not valid.' });

  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text(input.expirationDate));
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? (expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
  if (!text(input.expirationDate)) errors.push({ field: 'expirationDate', message: 'Expiration date is required.' });
  else if (!expiry || month < 1 || month > 12) errors.push({ field: 'expirationDate', message: 'Expiration date must be MM/YY.' });
  else if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) errors.push({ field: 'expirationDate', message: 'The card has expired.' });

  const cvv = text(input.cvv);
  const cvvLength = brand === 'AMERICAN_EXPRESS' ? 4 : 3;
  if (!cvv) errors.push({ field: 'cvv', message: 'CVV is required.' });
  else if (!new RegExp(`^\\d{${cvvLength}}$`).test(cvv)) errors.push({ field: 'cvv', message: `CVV must be ${cvvLength} digits.` });

  const postalCode = text(input.postalCode);
  if (!postalCode) errors.push({ field: 'postalCode', message: 'Postal code is required.' });
  else if (!/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(postalCode)) errors.push({ field: 'postalCode', message: 'Postal code is not valid.' });

  return errors.length ? { errors } : { number, brand, month, year, cvv, postalCode };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card brand by its number's prefix, named as Square names brands. */
export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMERICAN_EXPRESS';
  if (/^(6011|65|64[4-9])/.test(number)) return 'DISCOVER';
  if (/^35(2[89]|[3-8]\d)/.test(number)) return 'JCB';
  return 'OTHER_BRAND';
}

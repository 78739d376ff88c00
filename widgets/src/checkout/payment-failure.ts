/** A failed payment as the card form shows it until the next attempt: what happened and what to do. */
export interface PaymentFailure {
  message: string;
  advice?: string;
}

const DECLINED = 'Nothing was charged. Try another card, or ask your bank why it declined the payment.';

/** What a shopper can do about each of Square's card error codes (the server's message says what happened). */
const ADVICE: Record<string, string> = {
  GENERIC_DECLINE: DECLINED,
  CARD_DECLINED: DECLINED,
  INSUFFICIENT_FUNDS: DECLINED,
  CARD_DECLINED_VERIFICATION_REQUIRED: DECLINED,
  TRANSACTION_LIMIT: DECLINED,
  CVV_FAILURE: 'Nothing was charged. Check the security code: the 3 digits on the back of the card (4 on the front of an American Express card).',
  ADDRESS_VERIFICATION_FAILURE: 'Nothing was charged. Check the postal code: it must be the billing ZIP code your bank has for this card.',
  INVALID_EXPIRATION: 'Nothing was charged. Check the expiration date (MM/YY) printed on the card, or use another card.',
  INVALID_EXPIRATION_DATE: 'Nothing was charged. Check the expiration date (MM/YY) printed on the card, or use another card.',
  CARD_EXPIRED: 'Nothing was charged. Please use another card.',
  INVALID_CARD: 'Nothing was charged. Check the card number, or use another card.',
  INVALID_CARD_DATA: 'Nothing was charged. Check the card details, or use another card.',
  CARD_TOKEN_USED: 'Nothing was charged.',
  CARD_TOKEN_EXPIRED: 'Nothing was charged.',
};

/** A card decline (`success: false` with Square's code). */
export function declined(message: string, code: string): PaymentFailure {
  return { message, advice: ADVICE[code] ?? 'Nothing was charged.' };
}

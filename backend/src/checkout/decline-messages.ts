/** What a shopper reads for each of Square's card error codes; anything else gets the general advice. */
const MESSAGES: Record<string, string> = {
  GENERIC_DECLINE: 'Your card was declined.',
  INSUFFICIENT_FUNDS: 'Your card was declined.',
  CARD_DECLINED: 'Your card was declined.',
  CARD_DECLINED_VERIFICATION_REQUIRED: 'Your card was declined.',
  CVV_FAILURE: "The card's security code (CVV) was not accepted.",
  ADDRESS_VERIFICATION_FAILURE: "The card's postal code was not accepted.",
  INVALID_EXPIRATION: "The card's expiration date is not valid.",
  INVALID_EXPIRATION_DATE: "The card's expiration date is not valid.",
  INVALID_CARD: 'The card number is not valid.',
  INVALID_CARD_DATA: 'The card details are not valid.',
  CARD_EXPIRED: 'The card has expired.',
  CARD_TOKEN_USED: 'This card entry was already used. Please enter your card again.',
  CARD_TOKEN_EXPIRED: 'This card entry has expired. Please enter your card again.',
  TRANSACTION_LIMIT: 'Your card was declined.',
};

export const GENERAL_PAYMENT_ADVICE = 'Please check your payment information and try again.';

export const declineMessage = (code: string) => MESSAGES[code] ?? GENERAL_PAYMENT_ADVICE;

/** What a shopper reads when Square refused the charge outright (an unknown or spent card token, say): the card's own words when Square named one. */
export const notAcceptedMessage = (code: string) => MESSAGES[code] ?? 'Your card was not accepted, and nothing was charged. Please enter your card again, or use another card.';

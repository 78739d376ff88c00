/** The code the newsletter card shows and the welcome email gives: 10% off a subscriber's first order. */
export const NEWSLETTER_DISCOUNT_CODE = 'DARKCIRCLE10';
export const NEWSLETTER_DISCOUNT_PERCENT = 10;

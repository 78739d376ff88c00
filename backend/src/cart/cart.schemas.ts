import { z } from 'zod';
import { text, uuid } from '../platform/validation/text';
import { MAX_LINE_QUANTITY } from './cart.decider';

/**
 * The browser's cart key (the storefront makes `session_<timestamp>_<random>`): long enough that
 * it cannot be guessed by walking short values, and only characters that need no escaping.
 */
export const sessionIdParam = z.string('The session id is required.').regex(/^[A-Za-z0-9_-]{16,128}$/, 'The session id must be 16 to 128 letters, digits, dashes or underscores.');
export const uuidParam = (what: string) => uuid(`The ${what} id must be a UUID.`);

const wholeNumber = (what: string) => z.number(`${what} must be a number.`).int(`${what} must be a whole number.`);

export const createCartBody = z.object({
  sessionId: sessionIdParam,
  // Sent by the storefront as "0.00"; the server computes every total itself.
  totalAmount: z.unknown().optional(),
});

export const addItemBody = z.object({
  // Product ids are 32-bit integers in the database; the paths take nine digits at most, and so does this.
  productId: wholeNumber('productId').positive('productId must be positive.').max(999_999_999, 'productId is out of range.'),
  /** Which size or option; a product with one variant may leave it out. */
  variantId: z.string('variantId must be text.').max(40, 'variantId is too long.').optional(),
  quantity: wholeNumber('quantity').min(1, 'quantity must be at least 1.').max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}.`).default(1),
  // Ignored: prices come from the catalogue, never from the browser.
  price: z.unknown().optional(),
});

export const quantityBody = z.object({
  quantity: wholeNumber('quantity').min(-MAX_LINE_QUANTITY, 'quantity is out of range.').max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}.`),
});

export const contactBody = z.object({
  name: text('name', { min: 1, max: 200 }),
  email: text('email', { min: 1, max: 254 }).pipe(z.email('email must be an email address.')),
  /**
   * Where the details were typed: `checkout` is the cart page's contact step (a checkout attempt),
   * the only kind of address recovery emails go to. Absent (older storefront material): not one.
   */
  source: z.enum(['checkout'], 'source must be "checkout" when given.').optional(),
});

/** A hand-over followed: its token, and the session id of the browser's own cart if it has one. */
export const handOverBody = z.object({
  token: z.string('The token is missing.').min(1, 'The token is missing.').max(300, 'The token is too long.'),
  sessionId: sessionIdParam.optional(),
});

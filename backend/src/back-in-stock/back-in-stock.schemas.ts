import { z } from 'zod';

/** A product id in a path: the storefront's whole-number ids. */
export const productIdParam = z
  .string()
  .regex(/^\d{1,9}$/, 'The product id must be a whole number.')
  .transform(Number);

/** A variant id in a path (`<productId>-<n>`); an unknown one is answered 404 by the catalogue's own check. */
export const variantIdParam = z.string().max(40, 'The variant id is too long.');

export const notifyBody = z.object({
  email: z
    .string('Please enter your email address.')
    .trim()
    .min(1, 'Please enter your email address.')
    .max(254, 'That email address is too long.')
    .pipe(z.email('Please enter a valid email address.')),
});

import { z } from 'zod';

const email = z
  .string('Please enter your email address.')
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email('Please enter a valid email address.'));

export const subscribeBody = z.object({
  email,
  // The storefront sends null; a name, when given, greets the subscriber in the welcome email.
  name: z
    .string('name must be text.')
    .trim()
    .max(200, 'The name is too long.')
    .regex(/^[^\p{Cc}]*$/u, 'The name contains characters that are not allowed.')
    .nullish()
    .transform((name) => name || null),
});

/** By email (the storefront's call) or by the signed token from an email's unsubscribe link. */
export const unsubscribeBody = z.union([z.object({ token: z.string().min(1).max(200) }), z.object({ email })], 'Please give the email address to unsubscribe.');

export const unsubscribeForm = z.object({ token: z.string('The unsubscribe link is incomplete.').min(1).max(200) });

import { z } from 'zod';
import { text } from '../platform/validation/text';

const email = z
  .string('Please enter your email address.')
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email('Please enter a valid email address.'));

export const subscribeBody = z.object({
  email,
  // The storefront sends null; a name, when given, greets the subscriber in the welcome email.
  name: text('The name', { max: 200 })
    .nullish()
    .transform((name) => name || null),
});

/** By the signed token from an email's unsubscribe link, or by email (which only emails that link to the address). */
export const unsubscribeBody = z.union([z.object({ token: z.string().min(1).max(200) }), z.object({ email })], 'Please give the email address to unsubscribe.');

export const unsubscribeForm = z.object({ token: z.string('The unsubscribe link is incomplete.').min(1).max(200) });

const whole = (what: string, max: number) =>
  z.coerce
    .number({ error: `${what} must be a whole number from 1 to ${max}.` })
    .int(`${what} must be a whole number from 1 to ${max}.`)
    .min(1, `${what} must be a whole number from 1 to ${max}.`)
    .max(max, `${what} must be a whole number from 1 to ${max}.`);

/** The studio's list: a part of an email or name to look for, and which page of how many rows. */
export const subscribersQuery = z.object({
  search: z.string('search must be text.').trim().max(200, 'search is at most 200 characters.').default(''),
  page: whole('page', 100_000).default(1),
  pageSize: whole('pageSize', 100).default(25),
});

/** The export takes the list's search alone: every subscriber it matches, on one sheet. */
export const subscribersExportQuery = subscribersQuery.pick({ search: true });

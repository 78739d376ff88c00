import { createHash } from 'node:crypto';

/** Emails are compared trimmed and case-insensitively: "Ana@Example.com " is ana@example.com. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * One subscriber stream per email, named by a hash of it: a repeat (or two at once) lands on the
 * same stream, whose version check keeps one subscription, and the address stays out of stream ids.
 */
export const subscriberIdOf = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 32);

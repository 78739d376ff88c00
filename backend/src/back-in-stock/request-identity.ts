import { createHash } from 'node:crypto';

/** Addresses are compared trimmed and case-insensitively: "Ana@Example.com " is ana@example.com. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * One request stream per address and variant, named by a hash of both: asking again (or twice at
 * once) lands on the same stream, whose version check keeps one request, and the address stays out
 * of stream ids and links.
 */
export const requestIdOf = (email: string, variantId: string) =>
  createHash('sha256')
    .update(`${variantId}\n${normalizeEmail(email)}`)
    .digest('hex')
    .slice(0, 32);

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for links in emails that must work without signing in (unsubscribe): `<value>.<mac>`,
 * where the HMAC covers a purpose too, so a token made for one link never opens another.
 */
export function signToken(secret: string, purpose: string, value: string): string {
  return `${value}.${mac(secret, purpose, value)}`;
}

/** The value a token was made for, or undefined when it was altered, truncated or made for another purpose. */
export function verifyToken(secret: string, purpose: string, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const value = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, purpose, value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}

const mac = (secret: string, purpose: string, value: string) => createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('base64url');

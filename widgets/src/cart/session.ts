/** The cart belongs to this browser through a session id kept in local storage. */
export const CART_SESSION_KEY = 'cartSessionId';

/** The session id while this browser's storage is blocked (privacy settings): for the page's life. */
let unstored: string | null = null;

/** The current session id, or null when this browser has never added anything. Never creates one. */
export function readCartSessionId(): string | null {
  try {
    return localStorage.getItem(CART_SESSION_KEY) ?? unstored;
  } catch {
    return unstored;
  }
}

/**
 * The session id, created on the first add to cart: `session_<timestamp>_<random>`. The random
 * part comes from `crypto.getRandomValues` (Math.random is predictable), and the whole id stays
 * within what the server accepts: 16 to 128 of [A-Za-z0-9_-].
 */
export function getOrCreateCartSessionId(): string {
  const existing = readCartSessionId();
  if (existing) return existing;
  const created = `session_${Date.now()}_${randomPart()}`;
  storeCartSessionId(created);
  return created;
}

export function storeCartSessionId(id: string): void {
  try {
    localStorage.setItem(CART_SESSION_KEY, id);
  } catch {
    // Without storage the cart lasts as long as this page; better than refusing the sale.
    unstored = id;
  }
}

/** The query parameter of the widgets' Checkout link, `/cart?handover=<token>`: a short-lived token the shop signed for the cart. */
export const HAND_OVER_PARAM = 'handover';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 16 characters of base 36 (about 82 bits); 252 is the largest multiple of 36 below 256, so no bias. */
function randomPart(length = 16): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 252 && out.length < length) out += ALPHABET[byte % 36];
    }
  }
  return out;
}

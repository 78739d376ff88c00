/** SPEC §3: the cart belongs to this browser through a session id kept in local storage. */
export const CART_SESSION_KEY = 'cartSessionId';

/** The current session id, or null when this browser has never added anything. Never creates one. */
export function readCartSessionId(): string | null {
  try {
    return localStorage.getItem(CART_SESSION_KEY);
  } catch {
    // Storage can be blocked (privacy settings); the shopper then simply has no cart yet.
    return null;
  }
}

/** The session id, created on the first add to cart (SPEC §3: session prefix, timestamp, random). */
export function getOrCreateCartSessionId(): string {
  const existing = readCartSessionId();
  if (existing) return existing;
  const created = `session_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`;
  try {
    localStorage.setItem(CART_SESSION_KEY, created);
  } catch {
    // Without storage the cart lasts as long as this page; better than refusing the sale.
  }
  return created;
}

import type { Reply } from './emulator-context';
import type { EmulatorState } from './emulator-state';
import { invalidRequest } from './square-error';

/**
 * Square's idempotency: the first answer to a key is kept; the same key with the same body gets that
 * answer again (nothing happens twice), with another body `IDEMPOTENCY_KEY_REUSED`. Keys are per
 * operation. A request refused before anything happened (thrown errors) does not use up its key.
 */
export function oncePerKey(state: EmulatorState, operation: string, key: string, body: unknown, run: () => Reply): Reply {
  const slot = `${operation}:${key}`;
  const fingerprint = canonicalJson(body);
  const stored = state.idempotency[slot];
  if (stored) {
    if (stored.fingerprint !== fingerprint) {
      throw invalidRequest('IDEMPOTENCY_KEY_REUSED', 'The idempotency key can only be retried with the same request data.', 'idempotency_key');
    }
    return { status: stored.status, body: stored.body };
  }
  const reply = run();
  state.idempotency[slot] = { fingerprint, status: reply.status, body: reply.body };
  return reply;
}

/** JSON with object keys sorted, so two bodies that differ only in key order count as the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

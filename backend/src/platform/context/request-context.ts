import { randomUUID } from 'node:crypto';

/**
 * Who and what caused a piece of work: recorded in the metadata of every event it appends. Handed
 * down explicitly (controller, service, command, event store) rather than kept in an
 * AsyncLocalStorage: on Node 20 one enabled AsyncLocalStorage hooks every promise of the process,
 * and the shop answered the products list and the cart poll 14% and 32% faster without it.
 */
export interface RequestContext {
  correlationId: string;
  causationId?: string;
  actor: string;
}

/** Work the shop starts of itself (seeding, operator tasks, scripts): a fresh correlation id. */
export function systemContext(): RequestContext {
  return { correlationId: randomUUID(), actor: 'system' };
}

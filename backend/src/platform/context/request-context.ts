import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Who and what caused the work in progress; carried into event metadata and log lines. */
export interface RequestContext {
  correlationId: string;
  causationId?: string;
  actor: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runInContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function peekContext(): RequestContext | undefined {
  return storage.getStore();
}

/** The context of the work in progress; work started outside any request gets a fresh one. */
export function currentContext(): RequestContext {
  return storage.getStore() ?? { correlationId: randomUUID(), actor: 'system' };
}

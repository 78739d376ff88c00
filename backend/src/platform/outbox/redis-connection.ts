import type { RedisOptions } from 'ioredis';

/**
 * ioredis options for a queue producer. It fails fast while Redis is away (no offline queue), so
 * callers can time out and keep their work in the outbox; reconnects are tried every ≤2 s.
 * (BullMQ workers, which block on Redis, need `maxRetriesPerRequest: null` instead.)
 */
export function producerRedisOptions(url: string): RedisOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  };
}

/**
 * ioredis options for a BullMQ worker: it blocks waiting for jobs, so commands must queue while
 * Redis is away and never give up (`maxRetriesPerRequest: null`, as BullMQ requires).
 */
export function workerRedisOptions(url: string): RedisOptions {
  return { ...producerRedisOptions(url), enableOfflineQueue: true, maxRetriesPerRequest: null };
}

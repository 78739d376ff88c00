import { CanActivate, ExecutionContext, HttpException, HttpStatus, Inject, Injectable, Type } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { producerRedisOptions } from '../outbox/redis-connection';
import { clientAddressKey } from './client-address';

export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** What a limit counts by: the client's address (an IPv6 one by its prefix) unless said otherwise, and what the refusal says. */
export interface RateLimitKey {
  /** The counter this request adds to (within the limit's name); undefined: the client's address (`clientOf`). */
  of?(req: FastifyRequest): string | undefined;
  /** The refusal's text, given how many seconds are left. */
  message?(seconds: number): string;
}

/**
 * The client a request counts for: its address (`request.ip`, which TRUST_PROXY decides), an IPv6
 * one by its first RATE_LIMIT_IPV6_PREFIX bits, so a client cannot pass a limit by changing
 * address within its own network.
 */
export const clientOf = (req: FastifyRequest, config: Pick<AppConfig, 'RATE_LIMIT_IPV6_PREFIX'>) => clientAddressKey(req.ip, config.RATE_LIMIT_IPV6_PREFIX);
const tooManyFromAddress = (seconds: number) => `Too many requests from your address. Please try again in ${seconds} seconds.`;

/**
 * Registers @fastify/rate-limit with its counters in Redis, so every replica counts the same client
 * together. Routes opt in with `RateLimitGuard`. While Redis is away requests are let through
 * (`skipOnError`): the shop keeps serving rather than refusing everyone.
 */
export async function registerRateLimits(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  const redis = new Redis({ ...producerRedisOptions(config.redisUrl), lazyConnect: true });
  // Reconnects are retried quietly; a failed count only means the request is not limited.
  redis.on('error', () => undefined);
  redis.connect().catch(() => undefined);
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(fastifyRateLimit, { global: false, redis, nameSpace: `${config.QUEUE_PREFIX}:rate-limit:`, skipOnError: true });
  fastify.addHook('onClose', async () => redis.disconnect());
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A guard that counts calls per client (`clientOf`, or per `key.of`) under `name`, and past `max` in the
 * window answers 429 with `Retry-After` in the one error body shape. Guards run before validation,
 * so malformed calls count too.
 */
export function RateLimitGuard(name: string, limitOf: (config: AppConfig) => RateLimit, key: RateLimitKey = {}): Type<CanActivate> {
  const message = key.message ?? tooManyFromAddress;
  @Injectable()
  class NamedRateLimitGuard implements CanActivate {
    private limiter: Limiter | undefined;

    constructor(
      @Inject(APP_CONFIG) private readonly config: AppConfig,
      @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    ) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const http = context.switchToHttp();
      const result = await this.limit()(http.getRequest<FastifyRequest>());
      if (result.isAllowed || !result.isExceeded) return true;
      http.getResponse<FastifyReply>().header('retry-after', String(result.ttlInSeconds));
      throw new HttpException({ code: 'RATE_LIMITED', message: message(result.ttlInSeconds) }, HttpStatus.TOO_MANY_REQUESTS);
    }

    private limit(): Limiter {
      if (!this.limiter) {
        const { max, windowSeconds } = limitOf(this.config);
        const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
        const keyOf = (req: FastifyRequest) => key.of?.(req) ?? clientOf(req, this.config);
        this.limiter = fastify.createRateLimit({ max, timeWindow: windowSeconds * 1000, keyGenerator: (req) => `${name}:${keyOf(req)}` });
      }
      return this.limiter;
    }
  }
  return NamedRateLimitGuard;
}

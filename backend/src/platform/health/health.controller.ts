import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply } from 'fastify';
import { ChangeFeed } from '../change-feed/change-feed';
import { OutboxBacklog } from '../outbox/outbox-backlog';
import { QueueRegistry } from '../outbox/queue.registry';
import type { z } from 'zod';
import { ApiAnswers } from '../api-docs/api-answers.decorator';
import { healthSchema } from './health.responses';

/** Database down means the shop cannot sell (503); Redis down only delays jobs (degraded). */
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly orm: MikroORM,
    private readonly queues: QueueRegistry,
    private readonly backlog: OutboxBacklog,
    private readonly feed: ChangeFeed,
  ) {}

  @Get()
  @ApiAnswers({ 200: healthSchema, 503: healthSchema })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<z.infer<typeof healthSchema>> {
    const [database, redis] = await Promise.all([this.databaseUp(), this.queues.ping()]);
    const outbox = database ? await this.backlog.read() : null;
    const status = !database ? 'down' : redis ? 'ok' : 'degraded';
    reply.status(database ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    // While the change feed is down the caches read through: slower, never stale.
    return { status, database: { up: database }, redis: { up: redis }, changeFeed: { listening: this.feed.live }, outbox };
  }

  private async databaseUp(): Promise<boolean> {
    try {
      await (this.orm.em.fork() as EntityManager).execute('select 1');
      return true;
    } catch {
      return false;
    }
  }
}

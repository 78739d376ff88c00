import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply } from 'fastify';
import { ChangeFeed } from '../change-feed/change-feed';
import { OutboxBacklog } from '../outbox/outbox-backlog';
import { QueueRegistry } from '../outbox/queue.registry';
import type { z } from 'zod';
import { ApiAnswers } from '../api-docs/api-answers.decorator';
import { healthSchema, liveSchema, readySchema } from './health.responses';
import { Readiness } from './readiness';
import { HealthAlerts } from './health-alerts';

/**
 * Database down means the shop cannot sell (503); Redis down only delays jobs, an untrusted
 * change feed only slows reads, and a module's alert (stock Square has not heard of) needs someone (degraded). A draining process answers 503 so it gets no new requests.
 */
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly orm: MikroORM,
    private readonly queues: QueueRegistry,
    private readonly backlog: OutboxBacklog,
    private readonly feed: ChangeFeed,
    private readonly readiness: Readiness,
    private readonly alerts: HealthAlerts,
  ) {}

  @Get()
  @ApiAnswers({ 200: healthSchema, 503: healthSchema })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<z.infer<typeof healthSchema>> {
    const [database, redis] = await Promise.all([this.databaseUp(), this.queues.ping()]);
    const [outbox, alerts] = database ? await Promise.all([this.backlog.read(), this.alerts.read()]) : [null, []];
    const changeFeed = this.feed.health();
    const draining = this.readiness.draining;
    const status = draining ? 'draining' : !database ? 'down' : redis && changeFeed.trusted && !alerts.length ? 'ok' : 'degraded';
    reply.status(database && !draining ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status, database: { up: database }, redis: { up: redis }, changeFeed, outbox, alerts };
  }

  /** For a liveness probe: answers while the process runs, whatever it stands on. */
  @Get('live')
  @ApiAnswers({ 200: liveSchema })
  live(): z.infer<typeof liveSchema> {
    return { status: 'alive' };
  }

  /** For a load balancer's or orchestrator's readiness probe: whether to send this process requests. */
  @Get('ready')
  @ApiAnswers({ 200: readySchema, 503: readySchema })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<z.infer<typeof readySchema>> {
    const database = await this.databaseUp();
    const status = this.readiness.draining ? 'draining' : database ? 'ready' : 'unready';
    reply.status(status === 'ready' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status, database: { up: database } };
  }

  private async databaseUp(): Promise<boolean> {
    try {
      await (this.orm.em as EntityManager).getConnection().execute('select 1');
      return true;
    } catch {
      return false;
    }
  }
}

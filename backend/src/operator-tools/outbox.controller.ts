import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { AdminOnly } from '../auth';
import { OutboxBacklog } from '../platform/outbox/outbox-backlog';
import type { z } from 'zod';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { outboxViewSchema, retriedSchema } from '../platform/outbox/outbox.responses';

const LISTED = 100;

/**
 * `GET /api/admin/outbox`: the backlog as /api/health reports it, and the oldest rows still waiting for Redis and the dead
 * ones with their last error; `POST /api/admin/outbox/retry-dead` puts the dead rows back in line
 * (as `npm run outbox:retry` does, once their cause is fixed).
 */
@Controller('api/admin/outbox')
@AdminOnly()
export class OutboxController {
  constructor(private readonly backlog: OutboxBacklog) {}

  @Get()
  @ApiAnswers({ 200: outboxViewSchema })
  async outbox(): Promise<z.infer<typeof outboxViewSchema>> {
    const [counts, held] = await Promise.all([this.backlog.read(), this.backlog.held(LISTED)]);
    return { backlog: counts, ...held };
  }

  @Post('retry-dead')
  @HttpCode(200)
  @ApiAnswers({ 200: retriedSchema })
  async retryDead(): Promise<z.infer<typeof retriedSchema>> {
    return { retried: await this.backlog.retryDead() };
  }
}

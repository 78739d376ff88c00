import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { AdminOnly } from '../../auth/admin.guard';
import { OutboxBacklog } from './outbox-backlog';

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
  async outbox() {
    const [counts, held] = await Promise.all([this.backlog.read(), this.backlog.held(LISTED)]);
    return { backlog: counts, ...held };
  }

  @Post('retry-dead')
  @HttpCode(200)
  async retryDead() {
    return { retried: await this.backlog.retryDead() };
  }
}

import { BadGatewayException, Controller, Get, HttpCode, Inject, Post, ServiceUnavailableException } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { AdminOnly } from '../../auth';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { Caller } from '../../platform/context/correlation';
import type { RequestContext } from '../../platform/context/request-context';
import { requestedBy } from '../../platform/jobs/job-caller';
import { QueueRegistry, withTimeout } from '../../platform/outbox/queue.registry';
import { workerRedisOptions } from '../../platform/outbox/redis-connection';
import { CATALOG_SYNC_JOB, SyncResult } from './catalog-sync';
import type { z } from 'zod';
import { ApiAnswers } from '../../platform/api-docs/api-answers.decorator';
import { syncJobProgress, syncProgressSchema, syncResultSchema } from './catalog-sync.responses';

const SYNC_TIMEOUT_MS = 5 * 60_000;

/**
 * `POST /api/admin/sync-square` runs the sync job in a worker, as the admin who asked (their
 * request's correlation id and name go into the products' events), and answers when it ended: a
 * full read of the catalogue (`since` null);
 * `GET` shows a running one's progress.
 */
@Controller('api/admin/sync-square')
@AdminOnly()
export class CatalogSyncController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: QueueRegistry,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiAnswers({ 200: syncResultSchema })
  async sync(@Caller() caller: RequestContext): Promise<z.infer<typeof syncResultSchema>> {
    const queue = this.queues.get('square');
    const events = new QueueEvents('square', { connection: workerRedisOptions(this.config.redisUrl), prefix: this.config.QUEUE_PREFIX });
    try {
      const job = await withTimeout(queue.add(CATALOG_SYNC_JOB, requestedBy(caller), { removeOnComplete: 20, removeOnFail: 20 }), 3000).catch(() => {
        throw new ServiceUnavailableException({ message: 'The job queue is unavailable; please try again shortly.', code: 'QUEUE_UNAVAILABLE' });
      });
      let result: SyncResult;
      try {
        result = (await job.waitUntilFinished(events, SYNC_TIMEOUT_MS)) as SyncResult;
      } catch (error) {
        throw new BadGatewayException({ message: `Failed to sync with Square: ${error instanceof Error ? error.message : error}. Nothing was changed.`, code: 'SQUARE_SYNC_FAILED' });
      }
      return { message: result.message, products: result.products, changes: result.changes, since: result.since };
    } finally {
      await events.close().catch(() => undefined);
    }
  }

  @Get()
  @ApiAnswers({ 200: syncProgressSchema })
  async progress(): Promise<z.infer<typeof syncProgressSchema>> {
    const active = (await withTimeout(this.queues.get('square').getActive(), 3000).catch(() => [])).find((j) => j.name === CATALOG_SYNC_JOB);
    // The job's report is read, not trusted: one this shape does not know is left out.
    return active ? { running: true, progress: syncJobProgress.safeParse(active.progress).data } : { running: false };
  }
}

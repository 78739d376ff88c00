import { Inject, Injectable, Logger } from '@nestjs/common';
import { duePushes, Products, StockAlertsReader } from '../../catalog';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import type { RequestContext } from '../../platform/context/request-context';
import { OnSchedule } from '../../platform/jobs/event-jobs';
import { classifySquareError } from '../square-errors';
import { shopStockChange } from './shop-stock-change';
import { StockPushJob } from './stock-push.job';

/** Changes looked at per run: the oldest first; the rest wait for the next run. */
const BATCH = 100;

/** How often the sweep runs: twice per STOCK_PUSH_SWEEP_AFTER, at most every minute, at least every second. */
export const sweepEveryMs = (config: AppConfig) => Math.min(60_000, Math.max(1000, Math.floor(config.STOCK_PUSH_SWEEP_AFTER / 2)));

/**
 * The durable re-drive of the stock push. A change's own `stock-push` job may fail for good (Square's
 * inventory API down past its attempts) or be lost with Redis; the product stream still says it is
 * unpushed, and the `stock_unpushed` table lists it. Each run sends again, through the same push and
 * with the same idempotency key (the event id), every change waiting longer than
 * STOCK_PUSH_SWEEP_AFTER, so a late duplicate of the job moves Square's count once. A refusal for
 * good is recorded by the push and never asked again; while Square does not answer, the run stops at
 * the first failure and the next one tries again.
 */
@Injectable()
export class StockPushSweep {
  private readonly logger = new Logger('SquareStock');

  constructor(
    private readonly waiting: StockAlertsReader,
    private readonly products: Products,
    private readonly pushes: StockPushJob,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnSchedule({ queue: 'square', job: 'stock-push-sweep', every: sweepEveryMs })
  async sweep(caller: RequestContext): Promise<{ pushed: number; refused: number; failed: number }> {
    const now = new Date();
    const rows = await this.waiting.waitingSince(new Date(now.getTime() - this.config.STOCK_PUSH_SWEEP_AFTER), BATCH);
    const result = { pushed: 0, refused: 0, failed: 0 };
    for (const productId of [...new Set(rows.map((r) => r.productId))]) {
      const due = duePushes(
        await this.products.load(productId),
        rows.filter((r) => r.productId === productId),
        now,
        this.config.STOCK_PUSH_SWEEP_AFTER,
      );
      for (const waiting of due) {
        const stored = await this.waiting.storedEvent(waiting.eventId);
        const change = stored && shopStockChange(stored);
        if (!change) continue;
        try {
          const outcome = await this.pushes.push(change, caller);
          if (outcome === 'pushed') result.pushed++;
          if (outcome === 'refused') result.refused++;
        } catch (error) {
          result.failed++;
          this.logger.warn(`Stock change ${change.change} of product ${productId} still not sent to Square (${classifySquareError(error).message}); the next sweep tries again`);
          return result;
        }
      }
    }
    if (result.pushed || result.refused) this.logger.log(`Stock push sweep: ${result.pushed} change(s) sent to Square again, ${result.refused} refused`);
    return result;
  }
}

import { Injectable, Logger } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { OnSchedule } from '../platform/jobs/event-jobs';
import { OrderReader } from './order.reader';
import { SquareFulfillmentJob } from './square-fulfillment.job';

/** Past the `square-fulfillment` job's own retries (about four minutes), an order still waiting is the sweep's. */
export const SQUARE_FULFILLMENT_SWEEP_AFTER_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;
/** Orders looked at per run, the longest waiting first; the rest wait for the next run. */
const BATCH = 50;

/**
 * The durable re-drive of the fulfillment sync. A step's own job may fail for good (Square away past
 * its attempts) or be lost with Redis; the orders table still says the order waits for Square. Each
 * run moves those orders' Square fulfillment along through the same job; while Square does not
 * answer, the run stops at the first failure and the next one tries again.
 */
@Injectable()
export class SquareFulfillmentSweep {
  private readonly logger = new Logger('SquareFulfillment');

  constructor(
    private readonly orders: OrderReader,
    private readonly job: SquareFulfillmentJob,
  ) {}

  @OnSchedule({ queue: 'square', job: 'square-fulfillment-sweep', every: () => SWEEP_EVERY_MS })
  sweep(caller: RequestContext): Promise<{ synced: number; failed: number }> {
    return this.redrive(new Date(Date.now() - SQUARE_FULFILLMENT_SWEEP_AFTER_MS), caller);
  }

  /** Sends again the orders waiting for Square since before `before`. */
  async redrive(before: Date, caller: RequestContext): Promise<{ synced: number; failed: number }> {
    const result = { synced: 0, failed: 0 };
    for (const orderId of await this.orders.waitingForSquare(before, BATCH)) {
      try {
        if ((await this.job.sync(orderId, caller)) === 'synced') result.synced++;
      } catch (error) {
        result.failed++;
        this.logger.warn(`Order ${orderId}: its fulfillment still not in Square's books (${error instanceof Error ? error.message : String(error)}); the next sweep tries again`);
        break;
      }
    }
    return result;
  }
}

import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { RequestContext } from '../platform/context/request-context';
import { JobHandlers } from '../platform/jobs/job-handlers';
import { CheckoutProcess } from './checkout-process';
import { OrderReader } from './order.reader';

export const RECONCILE_CHECKOUTS_JOB = 'reconcile-checkouts';

/**
 * Finishes checkouts whose process died part-way (killed between the charge and the record, say).
 * An order that had asked for its charge asks Square again with the same idempotency key: the
 * answer is the original outcome, so it is recorded and nothing is charged twice. One that never
 * asked is given up and its stock released.
 */
@Injectable()
export class CheckoutReconciler implements OnModuleInit {
  private readonly logger = new Logger('CheckoutReconciler');

  constructor(
    private readonly handlers: JobHandlers,
    private readonly orders: OrderReader,
    private readonly process: CheckoutProcess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.handlers.handle('checkout', RECONCILE_CHECKOUTS_JOB, (_data, _job, caller) => this.reconcile(caller));
    this.handlers.schedule({ queue: 'checkout', jobName: RECONCILE_CHECKOUTS_JOB, everyMs: this.config.CHECKOUT_RECONCILE_EVERY_MS });
  }

  async reconcile(caller: RequestContext, olderThanSeconds = this.config.CHECKOUT_STALE_SECONDS): Promise<{ finished: number; stillUnconfirmed: number }> {
    let finished = 0;
    let stillUnconfirmed = 0;
    for (const { id, status } of await this.orders.unfinished(olderThanSeconds)) {
      const order = await this.process.advance(id, { mayCharge: status !== 'opened' }, caller);
      if (order.status === 'charging') stillUnconfirmed++;
      else {
        finished++;
        this.logger.log(`Order ${order.opened.orderNumber} was interrupted while ${status}; now ${order.status}`);
      }
    }
    return { finished, stillUnconfirmed };
  }
}

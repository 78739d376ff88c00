import { Inject, Injectable, Logger } from '@nestjs/common';
import { CartReader } from '../cart';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { RequestContext } from '../platform/context/request-context';
import { OnSchedule } from '../platform/jobs/event-jobs';
import { CheckoutProcess } from './checkout-process';
import { orderName, OrderReader, OrderRefunds } from '../orders';

/**
 * Finishes checkouts whose process died part-way (killed between the charge and the record, say).
 * An order that had asked for its charge is looked for in Square's payments by its reference: what
 * Square holds is recorded, and nothing is ever charged from here. One that never asked is given up
 * and its stock released. A refund asked of Square whose answer was never recorded is asked again
 * with its own idempotency key: Square answers with the refund it made, or makes the one it never got.
 */
@Injectable()
export class CheckoutReconciler {
  private readonly logger = new Logger('CheckoutReconciler');

  constructor(
    private readonly orders: OrderReader,
    private readonly carts: CartReader,
    private readonly process: CheckoutProcess,
    private readonly refunds: OrderRefunds,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnSchedule({ queue: 'checkout', job: 'reconcile-checkouts', every: (config) => config.CHECKOUT_RECONCILE_EVERY_MS })
  onSchedule(caller: RequestContext) {
    return this.reconcile(caller);
  }

  async reconcile(caller: RequestContext, olderThanSeconds = this.config.CHECKOUT_STALE_SECONDS): Promise<{ finished: number; stillUnconfirmed: number; failed: number }> {
    let finished = 0;
    let stillUnconfirmed = 0;
    let failed = 0;
    // Each order on its own: one that cannot be settled now must not hold up the rest.
    for (const { id, status } of await this.orders.unfinished(olderThanSeconds)) {
      try {
        const order = await this.process.advance(id, { mayCharge: false }, caller);
        if (order.status === 'charging') stillUnconfirmed++;
        else {
          finished++;
          this.logger.log(`Order ${orderName(order)} was interrupted while ${status}; now ${order.status}`);
        }
      } catch (error) {
        failed++;
        this.logger.error({ msg: `Order ${id} could not be reconciled: ${error instanceof Error ? error.message : error}`, correlationId: caller.correlationId });
      }
    }
    // No state should leave a cart held by a closed order; should one ever exist, the cart is let go.
    const locks = await this.carts.lockedSince(olderThanSeconds);
    for (const orderId of await this.orders.closedAmong(locks.map((l) => l.orderId))) {
      this.logger.warn(`A cart was held by the closed order ${orderId}; releasing it`);
      await this.process.advance(orderId, { mayCharge: false }, caller).catch((error) => {
        failed++;
        this.logger.error({ msg: `The cart held by order ${orderId} could not be released: ${error instanceof Error ? error.message : error}`, correlationId: caller.correlationId });
      });
    }
    for (const orderId of await this.orders.withPendingRefunds(olderThanSeconds)) {
      try {
        finished += await this.refunds.finishPending(orderId, caller);
      } catch (error) {
        failed++;
        this.logger.error({ msg: `The refunds of order ${orderId} could not be reconciled: ${error instanceof Error ? error.message : error}`, correlationId: caller.correlationId });
      }
    }
    return { finished, stillUnconfirmed, failed };
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Carts } from '../cart';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { RequestContext } from '../platform/context/request-context';
import { DomainError } from '../platform/errors/domain-error';
import { OnSchedule } from '../platform/jobs/event-jobs';

/** Enough for any scan interval of a small shop; the rest wait for the next run. */
const BATCH = 500;

/**
 * Every RECOVERY_SCAN_EVERY (a BullMQ job scheduler: one run at a time across all workers), records
 * `CartAbandoned` for each cart with items and an email, idle RECOVERY_IDLE, not being paid for
 * and not abandoned yet. The decider makes a repeat a no-op, so an overlapping run records nothing twice.
 */
@Injectable()
export class RecoveryScanJob {
  private readonly logger = new Logger('RecoveryScan');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly carts: Carts,
    private readonly orm: MikroORM,
  ) {}

  /**
   * A cart idle longer than the idle time plus the whole sequence is one the sequence would have
   * finished with had the worker been running: it is left alone, so a first deploy (or a worker
   * that was down for days) does not write to shoppers about carts they left long ago.
   */
  private lookBackMs(): number {
    return this.config.recoveryIdleMs + (this.config.RECOVERY_SEQUENCE.at(-1) ?? 0);
  }

  @OnSchedule({ queue: 'recovery', job: 'recovery-scan', every: (config) => config.RECOVERY_SCAN_EVERY })
  async scan(caller: RequestContext): Promise<{ abandoned: number }> {
    const idle = await (this.orm.em as EntityManager).getConnection().execute<{ id: string }[]>(
      `select c.id from carts c
        where c.customer_email is not null and c.checkout_order_id is null and c.abandoned_at is null
          and c.updated_at < now() - make_interval(secs => ?)
          and c.updated_at > now() - make_interval(secs => ?)
          and exists (select 1 from cart_items i where i.cart_id = c.id)
        order by c.updated_at limit ?`,
      [this.config.recoveryIdleMs / 1000, this.lookBackMs() / 1000, BATCH],
    );
    let abandoned = 0;
    for (const { id } of idle) {
      try {
        const { state } = await this.carts.run(id, { kind: 'AbandonCart' }, caller);
        if (state.exists && state.abandoned) abandoned++;
      } catch (error) {
        // A cart emptied or locked by a checkout since the read: nothing to abandon; the rest go on.
        if (!(error instanceof DomainError)) throw error;
      }
    }
    if (abandoned) this.logger.log(`${abandoned} idle cart(s) recorded abandoned`);
    return { abandoned };
  }
}

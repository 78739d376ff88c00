import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DiscountCodes, type DiscountTerms } from '../discounts';
import { NEWSLETTER_DISCOUNT_CODE, NEWSLETTER_DISCOUNT_PERCENT } from '../newsletter';
import { systemContext } from '../platform/context/request-context';

/** DARKCIRCLE10 as a code of the studio's list: 10% off every item, once per customer; its first-order rules are `Discounts`'. */
export const NEWSLETTER_CODE_TERMS: DiscountTerms = {
  type: 'percentage',
  value: NEWSLETTER_DISCOUNT_PERCENT,
  minimumSubtotalCents: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  oncePerCustomer: true,
  productIds: [],
  categories: [],
  combines: true,
  automatic: false,
  description: "The newsletter's welcome: a subscriber's first order (the shop checks the subscription and that the email and card have not ordered before).",
};

/** Its uses before codes had streams: the paid orders among its redemptions. */
const PAST_USES_SQL = `
  select r.order_id as "orderId", r.email, o.card_fingerprint as "cardFingerprint", o.total_cents as "totalCents", o.discount_cents as "discountCents"
    from discount_redemptions r join orders o on o.id = r.order_id
   where r.code = ? and o.status in ('paid', 'placed') order by r.redeemed_at, r.order_id`;

/**
 * Makes DARKCIRCLE10 a code of the studio's list at start, once (every process tries; the code's
 * lock and its empty stream let one do it), with the uses it had already. A database not migrated
 * yet (an operator task before it migrates) is left for the next start.
 */
@Injectable()
export class NewsletterCodeSeed implements OnApplicationBootstrap {
  private readonly logger = new Logger('Discounts');

  constructor(
    private readonly codes: DiscountCodes,
    private readonly orm: MikroORM,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.seed();
    } catch (error) {
      this.logger.warn(`${NEWSLETTER_DISCOUNT_CODE} could not be added to the discount codes yet (${error instanceof Error ? error.message : String(error)}); the next start tries again`);
    }
  }

  async seed(): Promise<boolean> {
    const em = this.orm.em.fork() as EntityManager;
    const [{ ready }] = await em.execute<{ ready: boolean }[]>(`select to_regclass('discount_codes') is not null as ready`);
    if (!ready || (await this.codes.load(NEWSLETTER_DISCOUNT_CODE)).status !== 'none') return false;
    const past = await em.execute<{ orderId: string; email: string; cardFingerprint: string | null; totalCents: number; discountCents: number }[]>(PAST_USES_SQL, [NEWSLETTER_DISCOUNT_CODE]);
    return this.codes.seed(NEWSLETTER_DISCOUNT_CODE, NEWSLETTER_CODE_TERMS, past, systemContext());
  }
}

import { Injectable, OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BuiltInCodes, type DiscountTerms, type PastUse } from '../discounts';
import { NEWSLETTER_DISCOUNT_CODE, NEWSLETTER_DISCOUNT_PERCENT } from '../newsletter';

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

/** Its uses before it had a stream: the paid orders among its redemptions (`discount_redemptions`, checkout's own table). */
const PAST_USES_SQL = `
  select r.order_id as "orderId", r.email, o.card_fingerprint as "cardFingerprint", o.total_cents as "totalCents", o.discount_cents as "discountCents"
    from discount_redemptions r join orders o on o.id = r.order_id
   where r.code = ? and o.status in ('paid', 'placed') order by r.redeemed_at, r.order_id`;

/** Hands DARKCIRCLE10 to the discount codes as a built-in code: listed from the start, written on its first use. */
@Injectable()
export class NewsletterCode implements OnModuleInit {
  constructor(
    private readonly builtIns: BuiltInCodes,
    private readonly orm: MikroORM,
  ) {}

  onModuleInit(): void {
    this.builtIns.provide(NEWSLETTER_DISCOUNT_CODE, { terms: NEWSLETTER_CODE_TERMS, pastUses: () => this.pastUses() });
  }

  private pastUses(): Promise<PastUse[]> {
    return (this.orm.em.fork() as EntityManager).execute<PastUse[]>(PAST_USES_SQL, [NEWSLETTER_DISCOUNT_CODE]);
  }
}

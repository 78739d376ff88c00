import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NEWSLETTER_DISCOUNT_CODE, NEWSLETTER_DISCOUNT_PERCENT, SubscriberReader } from '../newsletter';
import { conflict, invalid } from '../platform/errors/domain-error';
import { normalizeCode, percentOffCents } from './discount-rules';

export interface AppliedDiscount {
  code: string;
  percentOff: number;
  discountCents: number;
}

/** The refusal when a code was already redeemed: also what a checkout that loses the race is told. */
export const alreadyUsed = (code: string) => conflict(`${code} has already been used with this email address. It is good for one order.`, 'DISCOUNT_ALREADY_USED');

/**
 * The shop's discount codes. DARKCIRCLE10 is 10% off the items of a first order: for an email that
 * joined the newsletter and has no paid order, paid with a card that has paid for none. Redemptions are rows of `discount_redemptions`, written with the order's
 * `CheckoutOpened` (and removed if that checkout fails): its primary key (code, email) is what lets
 * only one of two racing checkouts with one email open.
 */
@Injectable()
export class Discounts {
  constructor(
    private readonly subscribers: SubscriberReader,
    private readonly orm: MikroORM,
  ) {}

  /**
   * The discount `code` gives `email` on `subtotalCents`: no code, no discount; an unknown code or an
   * email that never subscribed is refused with the reason. Whether it was used already is
   * `assertUnused`'s question, asked once the order is known.
   */
  async apply(code: string | null | undefined, email: string, subtotalCents: number): Promise<AppliedDiscount | null> {
    if (!code?.trim()) return null;
    const normalized = normalizeCode(code);
    if (normalized !== NEWSLETTER_DISCOUNT_CODE) throw invalid(`${code.trim()} is not a valid discount code.`, 'DISCOUNT_UNKNOWN');
    if (!(await this.subscribers.byEmail(email))) {
      // `subscriptionRequired`: the storefront offers the subscription right there, then asks again.
      throw conflict(`${normalized} is for newsletter subscribers. Subscribe with ${email.trim().toLowerCase()} to use it.`, 'DISCOUNT_NOT_ELIGIBLE', { subscriptionRequired: true });
    }
    return { code: normalized, percentOff: NEWSLETTER_DISCOUNT_PERCENT, discountCents: percentOffCents(subtotalCents, NEWSLETTER_DISCOUNT_PERCENT) };
  }

  /**
   * Why the first-order code cannot go with this card (Square's fingerprint, the same for every token
   * of one card): it has paid for an order before, under whatever email. Undefined: it may.
   */
  async cardRefusal(code: string | undefined, fingerprint: string | null): Promise<{ code: 'DISCOUNT_NOT_ELIGIBLE'; message: string } | undefined> {
    if (!code || !fingerprint || !(await this.hasPaid('card_fingerprint = ?', fingerprint))) return undefined;
    return {
      code: 'DISCOUNT_NOT_ELIGIBLE',
      message: `${code} is for a first order, and this card has paid for an order before. Nothing was charged: remove the code to pay the full price.`,
    };
  }

  private async hasPaid(where: string, value: string): Promise<boolean> {
    const em = this.orm.em.fork() as EntityManager;
    const rows = await em.execute(`select 1 from orders where ${where} and status in ('paid', 'placed') limit 1`, [value]);
    return rows.length > 0;
  }

  /**
   * Refuses a code this email redeemed with another order (a retry of the same order is not a second
   * use), or an email that has paid for an order without it: the code is for a first order.
   */
  async assertUnused(code: string, email: string, orderId?: string): Promise<void> {
    const em = this.orm.em.fork() as EntityManager;
    const address = email.trim().toLowerCase();
    const [row] = await em.execute<{ order_id: string }[]>('select order_id from discount_redemptions where code = ? and email = ?', [code, address]);
    if (row && row.order_id !== orderId) throw alreadyUsed(code);
    // This very order redeemed it (a twin request, a retry): its own payment is no earlier order.
    if (row) return;
    if (await this.hasPaid('customer_email = ?', address)) throw conflict(`${code} is for a first order, and ${address} has ordered before.`, 'DISCOUNT_NOT_ELIGIBLE');
  }
}

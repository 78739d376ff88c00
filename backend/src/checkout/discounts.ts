import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ActiveDiscount, assertOn, assertUseLeft, DiscountCodes, DiscountLine, discountOn, normalizeCode, unknownCode, usedByEmail } from '../discounts';
import { NEWSLETTER_DISCOUNT_CODE, SubscriberReader } from '../newsletter';
import type { RequestContext } from '../platform/context/request-context';
import type { Transaction } from '../platform/event-store/event-store';
import { conflict, DomainError } from '../platform/errors/domain-error';
import type { OpenOrder } from '../orders';
import type { ProductSnapshot } from '../catalog';
import { formatCents } from '../platform/money';

export interface AppliedDiscount {
  code: string;
  type: ActiveDiscount['terms']['type'];
  /** The percent for a percentage code, the cents for a fixed one, 0 for free shipping. */
  value: number;
  discountCents: number;
  freeShipping: boolean;
  /** Not once per customer: an email may use it again. */
  reusable: boolean;
}

/** The refusal when a code was already redeemed: also what a checkout that loses the race is told. */
export const alreadyUsed = (code: string) => usedByEmail(code);

/**
 * How checkout uses the studio's codes (`DiscountCodes`): what one takes off a cart, its reservation
 * in the transaction that opens the order, the card it is claimed by, and its redemption or release.
 * DARKCIRCLE10 keeps its own rules besides its terms: 10% off the items of a first order, for an
 * email that joined the newsletter and has no paid order, paid with a card that has paid for none.
 * Its redemptions are also rows of `discount_redemptions`, written with the order's `CheckoutOpened`
 * (and removed if that checkout fails), as they were before codes had streams.
 */
@Injectable()
export class Discounts {
  constructor(
    private readonly codes: DiscountCodes,
    private readonly subscribers: SubscriberReader,
    private readonly orm: MikroORM,
  ) {}

  /**
   * The discount `code` gives `email` on these lines: no code, no discount; a code that does not
   * exist, is not on, or does not apply to the lines is refused with the reason. Whether a use is
   * left for this email is `assertUnused`'s question, asked once the order is known.
   */
  async apply(code: string | null | undefined, email: string, lines: readonly DiscountLine[], at = new Date()): Promise<AppliedDiscount | null> {
    if (!code?.trim()) return null;
    const discount = await this.find(code);
    if (discount.code === NEWSLETTER_DISCOUNT_CODE && !(await this.subscribers.byEmail(email))) {
      // `subscriptionRequired`: the storefront offers the subscription right there, then asks again.
      throw conflict(`${discount.code} is for newsletter subscribers. Subscribe with ${email.trim().toLowerCase()} to use it.`, 'DISCOUNT_NOT_ELIGIBLE', { subscriptionRequired: true });
    }
    assertOn(discount, at.toISOString());
    const { discountCents, freeShipping } = discountOn(discount.code, discount.terms, lines);
    const { type, value, oncePerCustomer } = discount.terms;
    return { code: discount.code, type, value, discountCents, freeShipping, reusable: !oncePerCustomer };
  }

  /**
   * Refuses a code with no use left, or one this email used with another order (a retry of the same
   * order is not a second use); DARKCIRCLE10 also to an email that has paid for an order without
   * it: the code is for a first order. The reservation decides again, in the order's transaction.
   */
  async assertUnused(code: string, email: string, orderId?: string): Promise<void> {
    const address = email.trim().toLowerCase();
    assertUseLeft(await this.find(code), { orderId, email: address });
    if (code !== NEWSLETTER_DISCOUNT_CODE) return;
    const em = this.orm.em.fork() as EntityManager;
    const [row] = await em.execute<{ order_id: string }[]>('select order_id from discount_redemptions where code = ? and email = ?', [code, address]);
    if (row && row.order_id !== orderId) throw alreadyUsed(code);
    // This very order redeemed it (a twin request, a retry): its own payment is no earlier order.
    if (row) return;
    if (await this.hasPaid('customer_email = ?', address)) throw conflict(`${code} is for a first order, and ${address} has ordered before.`, 'DISCOUNT_NOT_ELIGIBLE');
  }

  /** Takes one use of the code for the order, in the transaction that opens it: refused (nothing opened) when none is left. */
  reserveIn(tx: Transaction, code: string, order: { orderId: string; email: string }, caller: RequestContext): Promise<unknown> {
    return this.codes.runIn(tx, code, { kind: 'Reserve', code, ...order, at: new Date().toISOString() }, caller);
  }

  /**
   * Why the code cannot go with this card (Square's fingerprint, the same for every token of one
   * card): a once-per-customer code this card used with another order (claimed for this one
   * otherwise, so two checkouts racing with one card do not both get it); DARKCIRCLE10 also when the
   * card has paid for an order before, under whatever email. Undefined: it may.
   */
  async cardRefusal(code: string | undefined, fingerprint: string | null, orderId: string, caller: RequestContext): Promise<{ code: string; message: string } | undefined> {
    if (!code || !fingerprint) return undefined;
    if (code === NEWSLETTER_DISCOUNT_CODE && (await this.hasPaid('card_fingerprint = ?', fingerprint))) {
      return {
        code: 'DISCOUNT_NOT_ELIGIBLE',
        message: `${code} is for a first order, and this card has paid for an order before. Nothing was charged: remove the code to pay the full price.`,
      };
    }
    try {
      await this.codes.run(code, { kind: 'ClaimCard', orderId, cardFingerprint: fingerprint }, caller);
      return undefined;
    } catch (error) {
      if (error instanceof DomainError) return { code: error.code, message: error.message };
      throw error;
    }
  }

  /** The paid order's use, for the admin's counts (once, whoever records it). */
  async redeem({ opened, payment }: OpenOrder, caller: RequestContext): Promise<void> {
    if (!opened.discountCode) return;
    const { orderId, customer, totalCents, discountCents } = opened;
    await this.codes.run(opened.discountCode, { kind: 'Redeem', orderId, email: customer.email, cardFingerprint: payment?.cardFingerprint ?? null, totalCents, discountCents }, caller);
  }

  /** A failed checkout gives its use back, as it gives back its stock. */
  async release({ opened }: OpenOrder, caller: RequestContext): Promise<void> {
    if (opened.discountCode) await this.codes.run(opened.discountCode, { kind: 'Release', orderId: opened.orderId }, caller);
  }

  /** A code shoppers may type: made, not deleted, not an automatic sale. */
  private async find(code: string): Promise<ActiveDiscount> {
    const state = await this.codes.load(normalizeCode(code));
    if (state.status !== 'active' || state.terms.automatic) throw unknownCode(code.trim());
    return state;
  }

  private async hasPaid(where: string, value: string): Promise<boolean> {
    const em = this.orm.em.fork() as EntityManager;
    const rows = await em.execute(`select 1 from orders where ${where} and status in ('paid', 'placed') limit 1`, [value]);
    return rows.length > 0;
  }
}

/** The cart's lines as a code sees them: each one's category, and whether an automatic sale priced it (its snapshot, when the product is still sold). */
export function discountLines(
  lines: readonly { productId: number; quantity: number; unitPriceCents: number }[],
  products: readonly (Pick<ProductSnapshot, 'category' | 'regularPriceCents'> | undefined)[],
): DiscountLine[] {
  return lines.map((line, i) => ({
    productId: line.productId,
    category: products[i]?.category ?? '',
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    onSale: products[i]?.regularPriceCents !== undefined,
  }));
}

/** What the cart page's Apply says the code is: a percent off, an amount off, or free shipping. */
export function discountCheckOf({ type, value }: AppliedDiscount): { percentOff: number } | { amountOff: string } | { freeShipping: true } {
  if (type === 'percentage') return { percentOff: value };
  return type === 'fixed' ? { amountOff: formatCents(value) } : { freeShipping: true };
}

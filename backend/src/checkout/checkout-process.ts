import { Injectable, Logger } from '@nestjs/common';
import { Carts } from '../cart';
import { onlyVariantOf, Products } from '../catalog';
import type { RequestContext } from '../platform/context/request-context';
import { DomainError } from '../platform/errors/domain-error';
import { BooksOrders } from './books-orders';
import { CardPayments, ChargeOutcome, ChargeRequest } from './card-payments';
import { Discounts } from './discounts';
import { GENERAL_PAYMENT_ADVICE } from './decline-messages';
import { lostChargeOutcome } from './lost-charge';
import { OpenOrder, OrderCommand, OrderNumbers, Orders, SquareOrderNumbering } from '../orders';

const MAX_CONTENTION_RETRIES = 20;

const chargeOf = ({ opened, chargeRequestedAt, squareOrder }: OpenOrder): ChargeRequest => ({
  idempotencyKey: opened.idempotencyKey,
  sourceId: opened.sourceId,
  amountCents: opened.totalCents,
  buyerEmail: opened.customer.email,
  orderId: opened.orderId,
  orderNumber: opened.orderNumber,
  // A first-order code waits for the card to be known before any money is taken.
  autocomplete: !opened.discountCode,
  requestedAt: chargeRequestedAt,
  squareOrderId: squareOrder?.id,
});
const isContention = (error: unknown) => error instanceof DomainError && error.code === 'CONCURRENT_CHANGE';

/**
 * Drives one checkout to its end, step by step, each step named with its undo (reserve → charge →
 * record, or release): opened → reserve stock → charging → book the Square order, charge → paid →
 * number the Square order, sell stock, empty the cart → placed; any refusal → failed → release stock, unlock the cart → closed.
 *
 * Each step is idempotent and the order stream records how far it got, so the request that opened
 * the checkout, a twin request (double click) and the reconciliation job after a crash can all run
 * `advance` on the same order and reach the same single outcome.
 */
@Injectable()
export class CheckoutProcess {
  private readonly logger = new Logger('Checkout');

  constructor(
    private readonly orders: Orders,
    private readonly carts: Carts,
    private readonly products: Products,
    private readonly payments: CardPayments,
    private readonly discounts: Discounts,
    private readonly numbers: OrderNumbers,
    private readonly books: BooksOrders,
    private readonly numbering: SquareOrderNumbering,
  ) {}

  /**
   * Moves the order on until it is placed or closed, or until Square cannot say whether the card was
   * charged (status stays `charging`; a later call asks Square again with the same key).
   * `mayCharge` is false for the reconciliation job: an order that never asked for its charge is
   * given up, and one whose charge was asked for is settled by what Square holds; nothing is ever
   * charged behind the shopper's back. Each step's events are recorded as `caller`'s.
   */
  async advance(orderId: string, { mayCharge }: { mayCharge: boolean }, caller: RequestContext): Promise<OpenOrder> {
    // Set when this call recorded `ChargeRequested`: its first charge is then the key's first send.
    const key = { firstSend: false };
    for (let contention = 0; ;) {
      const order = await this.orders.load(orderId);
      if (!order.exists) throw new Error(`Order ${orderId} does not exist`);
      if (order.status === 'placed') return order;
      if (order.status === 'closed') {
        // A lock that lost a race with the close (a slow request, the reconciler) would hold the
        // cart on an order that can never finish: let it go.
        await this.carts.run(order.opened.cartId, { kind: 'FailCheckout', orderId }, caller);
        return order;
      }
      try {
        const settled = await this.step(order, mayCharge, key, caller);
        if (settled) return settled;
      } catch (error) {
        // Every step is idempotent: a step that lost a race on a busy stream (the last units of a
        // popular product) is simply taken again from the order's recorded state.
        if (!isContention(error) || ++contention > MAX_CONTENTION_RETRIES) throw error;
      }
    }
  }

  /** Takes the order one step on; answers the order when it must stop before being settled. */
  private async step(order: OpenOrder, mayCharge: boolean, key: { firstSend: boolean }, caller: RequestContext): Promise<OpenOrder | undefined> {
    const { opened } = order;
    const orderId = opened.orderId;
    switch (order.status) {
      case 'opened': {
        if (!mayCharge) {
          await this.order(orderId, { kind: 'RecordFailure', failure: { code: 'INTERRUPTED', message: 'The checkout was interrupted before the card was charged.' } }, caller);
          return undefined;
        }
        const refusal = await this.reserveStock(order, caller);
        const { events } = await this.orders.run(orderId, refusal ? { kind: 'RecordFailure', failure: refusal } : { kind: 'RequestCharge', at: new Date().toISOString() }, caller);
        // Only one caller records the request (expected version): no twin has sent this key yet.
        key.firstSend = !refusal && events.length > 0;
        return undefined;
      }
      case 'charging': {
        // The sale goes into Square's books first, and the payment pays that order.
        if (mayCharge && !order.squareOrder) return this.openInBooks(order, caller);
        const firstSendOfKey = key.firstSend;
        key.firstSend = false;
        const charged = mayCharge ? await this.payments.charge({ ...chargeOf(order), firstSendOfKey }) : await this.settleWithoutCharging(order);
        const outcome = charged.kind === 'held' ? await this.settleHold(order, charged, caller) : charged;
        // Square could not say whether money moved: stay `charging`; a later call asks again.
        if (outcome.kind === 'unknown' || outcome.kind === 'held') return order;
        if (outcome.kind === 'captured') {
          const { paymentId, cardBrand, last4, fingerprint, paidAt } = outcome;
          // Paid: now, and only now, the order is given its number (the same one to whoever records this payment).
          const orderNumber = order.orderNumber ?? (await this.numbers.claim(orderId));
          await this.order(
            orderId,
            {
              kind: 'RecordPayment',
              payment: {
                paymentId,
                amountCents: opened.totalCents,
                cardBrand,
                last4,
                cardFingerprint: fingerprint,
                orderNumber,
                ...(order.squareOrder && paidAt ? { squarePaidAt: paidAt } : {}),
              },
            },
            caller,
          );
        } else {
          this.logger.log(`Checkout ${orderId}: not charged (${outcome.code})`);
          await this.order(orderId, { kind: 'RecordFailure', failure: { code: outcome.code, message: outcome.message } }, caller);
        }
        return undefined;
      }
      case 'paid': {
        // Now numbered, the order's number goes on its Square order; if Square cannot be reached, the worker sees to it once placed.
        if (order.squareOrder && order.squareOrder.numberedAs !== order.orderNumber) await this.numbering.number(orderId, caller);
        // Paid through a Square order: Square's count took the units then, and the shop pushes none.
        const squareOrderPaidAt = order.squareOrder ? (order.payment?.squarePaidAt ?? order.chargeRequestedAt) : undefined;
        for (const line of opened.lines) await this.products.run(line.productId, { kind: 'SellStock', orderId, ...(squareOrderPaidAt ? { squareOrderPaidAt } : {}) }, caller);
        await this.carts.run(opened.cartId, { kind: 'CompleteCheckout', orderId }, caller);
        await this.discounts.redeem(order, caller);
        await this.order(orderId, { kind: 'PlaceOrder' }, caller);
        return undefined;
      }
      case 'failed':
        if (order.squareOrder) await this.books.cancel(order.squareOrder.id);
        for (const line of opened.lines) await this.products.run(line.productId, { kind: 'ReleaseStock', orderId }, caller);
        await this.carts.run(opened.cartId, { kind: 'FailCheckout', orderId }, caller);
        await this.discounts.release(order, caller);
        await this.order(orderId, { kind: 'CloseCheckout' }, caller);
        return undefined;
      default:
        return order;
    }
  }

  /**
   * The reconciler's way with a charge whose answer was lost: it looks for the payment and records
   * what Square holds, but never makes a charge itself (the shopper, told to try again, may have
   * paid another way). Only a complete search that finds none, once no charge can land any more,
   * closes the order as not charged (`lostChargeOutcome`).
   */
  private async settleWithoutCharging(order: OpenOrder): Promise<ChargeOutcome> {
    const search = await this.payments.find(chargeOf(order));
    return lostChargeOutcome(search, order.chargeRequestedAt, Date.now(), this.payments.longestChargeMs);
  }

  /**
   * Makes the checkout's Square order (once per checkout: the same key every time) and records it;
   * answers the order to stop at when Square could not say. A refusal, or a total other than the
   * shop's, fails the checkout before anything is charged.
   */
  private async openInBooks(order: OpenOrder, caller: RequestContext): Promise<OpenOrder | undefined> {
    const { orderId } = order.opened;
    const made = await this.books.open(order);
    if (made.kind === 'unknown') {
      this.logger.warn(`Checkout ${orderId}: Square's order could not be made (${made.message}); nothing charged yet`);
      return order;
    }
    if (made.kind === 'refused') {
      await this.order(orderId, { kind: 'RecordFailure', failure: { code: 'ORDER_NOT_ACCEPTED', message: GENERAL_PAYMENT_ADVICE } }, caller);
      return undefined;
    }
    if (made.kind === 'mismatch') {
      this.logger.error(`Checkout ${orderId}: Square priced its order ${made.squareOrderId} at ${made.totalCents} cents, the shop at ${order.opened.totalCents}; not charged`);
      await this.books.cancel(made.squareOrderId);
      const message = 'We could not confirm your order total with our payment processor. Nothing was charged; please try again, or contact us.';
      await this.order(orderId, { kind: 'RecordFailure', failure: { code: 'SQUARE_TOTAL_MISMATCH', message } }, caller);
      return undefined;
    }
    const { squareOrderId, totalCents, lineVariations, adHocLines } = made;
    await this.order(orderId, { kind: 'RecordSquareOrder', squareOrderId, totalCents, lineVariations, adHocLines }, caller);
    return undefined;
  }

  /** A held amount is taken unless the order's code is refused for this card (or another checkout claimed it with this card); then it is released, and nothing was charged. */
  private async settleHold({ opened }: OpenOrder, held: Extract<ChargeOutcome, { kind: 'held' }>, caller: RequestContext): Promise<ChargeOutcome> {
    const refusal = await this.discounts.cardRefusal(opened.discountCode, held.fingerprint, opened.orderId, caller);
    const settled = await this.payments.settleHold(held.paymentId, !refusal);
    if (refusal && settled.kind === 'declined') return { kind: 'declined', code: refusal.code, message: refusal.message };
    return settled;
  }

  /** Holds every line's units for this order; on the first shortfall, the refusal to record (what was held is released by the failure step). */
  private async reserveStock({ opened }: OpenOrder, caller: RequestContext): Promise<{ code: string; message: string } | undefined> {
    for (const line of opened.lines) {
      try {
        const variantId = line.variantId ?? onlyVariantOf(line.productId);
        await this.products.run(line.productId, { kind: 'ReserveStock', variantId, orderId: opened.orderId, quantity: line.quantity }, caller);
      } catch (error) {
        if (error instanceof DomainError && !isContention(error)) return { code: error.code, message: error.message };
        throw error;
      }
    }
    return undefined;
  }

  private async order(orderId: string, command: OrderCommand, caller: RequestContext): Promise<void> {
    await this.orders.run(orderId, command, caller);
  }
}

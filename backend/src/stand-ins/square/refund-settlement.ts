import type { StateStore } from './emulator-state';
import type { PaymentRefundRaw } from './refunds';
import type { WebhookSender } from './webhooks';
import { SquareApiError } from './square-error';
import { showRefundOnOrder } from './order-refunds';
import { orderUpdated } from './orders';

/** How a card refund ends once it has left `PENDING`. */
export type RefundOutcome = 'COMPLETED' | 'FAILED' | 'REJECTED';
export const REFUND_OUTCOMES: readonly RefundOutcome[] = ['COMPLETED', 'FAILED', 'REJECTED'];

/** A card refund of the emulator is `PENDING` when made and `COMPLETED` this long after, by default. */
export const DEFAULT_REFUND_SETTLE_MS = 100;

/**
 * Takes the emulator's card refunds from `PENDING` to their end, as Square's card network does:
 * on their own `settleMs` after they are made (`COMPLETED`), or, while `hold(true)`, only when a test
 * settles them (`settle(id, 'COMPLETED' | 'FAILED' | 'REJECTED')`). Each change is saved and
 * announced with `refund.updated` (and, for a payment of an order, the order's `refunds[]` follows,
 * announced with `order.updated`); a refund that ends `FAILED` or `REJECTED` gives its amount back to
 * the payment's `refunded_money`, so it can be refunded again.
 */
export class RefundSettlement {
  private holding = false;
  private readonly held = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly store: StateStore,
    private readonly webhooks: WebhookSender,
    private readonly settleMs = DEFAULT_REFUND_SETTLE_MS,
  ) {}

  /** While held, refunds made stay `PENDING` until settled by hand (the ones made before keep their course). */
  hold(held = true): void {
    this.holding = held;
  }

  /** Refunds made while held and not settled yet, oldest first. */
  pending(): string[] {
    return [...this.held];
  }

  /** A refund was just made (and saved): it ends on its own unless refunds are held. */
  made(refundId: string): void {
    if (this.holding) {
      this.held.add(refundId);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.store.state.refunds[refundId]?.status === 'PENDING') void this.settle(refundId, 'COMPLETED').catch(() => undefined);
    }, this.settleMs);
    this.timers.add(timer);
  }

  /** Ends a `PENDING` refund; settling one that has ended already is refused with 400. */
  async settle(refundId: string, outcome: RefundOutcome): Promise<PaymentRefundRaw> {
    const state = this.store.state;
    const refund = state.refunds[refundId];
    if (!refund) throw new SquareApiError(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find payment refund with id: ${refundId}`);
    if (refund.status !== 'PENDING') throw new SquareApiError(400, 'INVALID_REQUEST_ERROR', 'BAD_REQUEST', `Refund ${refundId} is ${refund.status} already.`);
    const at = new Date().toISOString();
    const settled: PaymentRefundRaw = { ...refund, status: outcome, updated_at: at };
    state.refunds[refundId] = settled;
    this.held.delete(refundId);
    const payment = state.payments[refund.payment_id as string];
    if (payment && outcome !== 'COMPLETED') {
      const refunded = Number(payment.refunded_money?.amount ?? 0) - Number(refund.amount_money.amount);
      state.payments[payment.id as string] = { ...payment, refunded_money: { amount: Math.max(0, refunded), currency: refund.amount_money.currency }, updated_at: at };
    }
    const order = showRefundOnOrder(state, settled, at);
    await this.store.save();
    this.webhooks.publish({ type: 'refund.updated', dataType: 'refund', id: refundId, object: { refund: structuredClone(settled) } });
    if (order) this.webhooks.publish(orderUpdated(order));
    return structuredClone(settled);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

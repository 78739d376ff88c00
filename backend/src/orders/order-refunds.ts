import { BadGatewayException, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../platform/context/request-context';
import { conflict, notFound } from '../platform/errors/domain-error';
import { SquarePayments, type SquareAnswer, type SquareRefund } from '../square';
import type { RefundAsked, SquareRefundStatus } from './order-refunds.decider';
import { orderName, type OpenOrder, type OrderState } from './order.state';
import { Orders } from './orders';

export type RefundRequestInput = Omit<RefundAsked, 'refundId'>;

/** What Square said about one refund request. */
type RefundAnswer =
  /** Square has the refund: `COMPLETED`, still `PENDING`, or already `FAILED`/`REJECTED`. */
  | { kind: 'taken'; squareRefundId: string; status: SquareRefundStatus }
  /** A 4xx verdict: Square refused, nothing was refunded. */
  | { kind: 'declined'; code: string; message: string }
  /**
   * No verdict: a 5xx, a 429, a 409 for the same key still at work, a timeout, a cut connection.
   * Square may or may not have made the refund; asking again with the same key tells.
   */
  | { kind: 'unknown'; message: string };

const SQUARE_STATUSES: readonly string[] = ['PENDING', 'COMPLETED', 'FAILED', 'REJECTED'] satisfies SquareRefundStatus[];

/**
 * Refunds through Square's Refunds API. Before a new refund Square is asked what it has refunded of
 * the payment already (its count wins when it is the larger). The request is recorded on the order
 * stream (`RefundRequested`, its id the idempotency key), then sent; Square's answer is recorded:
 * `OrderRefunded` when it completed, `RefundPending` when Square is still working on it,
 * `RefundFailed` for a 4xx verdict or a refund that ended `FAILED`/`REJECTED`. An answer that is no
 * verdict (5xx, 429, no answer) leaves the refund pending: the reconciliation job sends it again with
 * the same key, and Square answers with the refund it made the first time: one refund, however often
 * it is asked. A refund Square left `PENDING` is settled by its `refund.updated` webhook
 * (`recordFromSquare`) or, failing that, by the same job asking `GetPaymentRefund`.
 */
@Injectable()
export class OrderRefunds {
  private readonly logger = new Logger('OrderRefunds');

  constructor(
    private readonly orders: Orders,
    private readonly square: SquarePayments,
  ) {}

  /** Records the request, asks Square, records the answer. Throws a clear error when Square refused or gave no verdict. */
  async refund(orderId: string, input: RefundRequestInput, caller: RequestContext): Promise<{ refundId: string; squareRefundId: string; status: 'pending' | 'refunded' }> {
    const before = await this.orders.load(orderId);
    if (!before.exists) throw notFound('That order was not found.');
    const squareRefundedCents = await this.refundedAtSquare(before);
    const refundId = randomUUID();
    const command = { kind: 'RequestRefund', refund: { ...input, refundId }, at: new Date().toISOString(), squareRefundedCents } as const;
    const { state } = await this.orders.run(orderId, command, caller);
    if (!state.exists) throw notFound('That order was not found.');
    const number = orderName(state);
    const answer = await this.send(state, refundId);
    if (answer.kind === 'unknown') {
      this.logger.warn(`Order ${number}: no verdict from Square on refund ${refundId} (${answer.message}); kept pending, the reconciliation job asks again`);
      throw new BadGatewayException({
        code: 'REFUND_UNCONFIRMED',
        message: `Square did not give a clear answer (${answer.message}), so whether the refund was made is not known yet. It is kept pending: the shop asks Square again shortly with the same request, and it will not be refunded twice.`,
      });
    }
    const after = await this.record(orderId, refundId, answer, caller);
    const settled = after.exists ? after.refunds[refundId] : undefined;
    if (settled?.status === 'failed') {
      const { code, message } = settled.failure ?? { code: 'REFUND_FAILED', message: 'Square refused the refund.' };
      throw conflict(`Square refused the refund: ${message}`, 'REFUND_DECLINED', { squareCode: code });
    }
    return { refundId, squareRefundId: settled?.squareRefundId ?? '', status: settled?.status === 'refunded' ? 'refunded' : 'pending' };
  }

  /**
   * The reconciliation job's step: a refund with no answer yet is sent again with its own key; one
   * Square left `PENDING` is looked up (`GetPaymentRefund`). Returns how many were settled.
   */
  async finishPending(orderId: string, caller: RequestContext): Promise<number> {
    const state = await this.orders.load(orderId);
    if (!state.exists) return 0;
    let settled = 0;
    for (const r of Object.values(state.refunds)) {
      if (r.status !== 'pending') continue;
      let answer = r.squareRefundId ? await this.lookUp(r.squareRefundId) : await this.send(state, r.terms.refundId);
      // A repeated key is answered as it was the first time (`PENDING`): Square's refund itself says how it stands now.
      if (answer.kind === 'taken' && answer.status === 'PENDING' && !r.squareRefundId) {
        const now = await this.lookUp(answer.squareRefundId);
        if (now.kind === 'taken') answer = now;
      }
      if (answer.kind === 'unknown') continue;
      const after = await this.record(orderId, r.terms.refundId, answer, caller);
      const now = after.exists ? after.refunds[r.terms.refundId]?.status : undefined;
      if (now === 'pending') continue;
      settled++;
      this.logger.log(`Order ${orderName(state)}: refund ${r.terms.refundId} settled as ${now}`);
    }
    return settled;
  }

  /** A refund Square reports (its answer, a `refund.updated` webhook): recorded on the order whose refund it is. */
  async recordFromSquare(orderId: string, refund: { id: string; status: string }, caller: RequestContext): Promise<boolean> {
    const state = await this.orders.load(orderId);
    if (!state.exists || !SQUARE_STATUSES.includes(refund.status)) return false;
    const ours = Object.values(state.refunds).find((r) => r.squareRefundId === refund.id);
    if (!ours) {
      // Square's news can come before its answer is recorded: the pending refunds it may be about are asked again with their own keys.
      const unanswered = Object.values(state.refunds).some((r) => r.status === 'pending' && !r.squareRefundId);
      return unanswered && (await this.finishPending(orderId, caller)) > 0;
    }
    const { events } = await this.orders.run(
      orderId,
      { kind: 'RecordSquareRefund', refundId: ours.terms.refundId, squareRefundId: refund.id, status: refund.status as SquareRefundStatus },
      caller,
    );
    return events.length > 0;
  }

  private async record(orderId: string, refundId: string, answer: Exclude<RefundAnswer, { kind: 'unknown' }>, caller: RequestContext): Promise<OrderState> {
    const command =
      answer.kind === 'taken'
        ? ({ kind: 'RecordSquareRefund', refundId, squareRefundId: answer.squareRefundId, status: answer.status } as const)
        : ({ kind: 'RecordRefundFailure', refundId, code: answer.code, message: answer.message } as const);
    const { state } = await this.orders.run(orderId, command, caller);
    return state;
  }

  /** What Square has refunded of the order's payment (its pending refunds included); no refund is asked without knowing. */
  private async refundedAtSquare(state: OpenOrder): Promise<number> {
    const paymentId = state.payment?.paymentId;
    if (!paymentId) return 0;
    const answer = await this.square.refundedCents(paymentId);
    if (answer.ok) return answer.value ?? 0;
    this.logger.warn(`Order ${orderName(state)}: Square could not say what it has refunded of payment ${paymentId} (${answer.failure.message})`);
    throw new BadGatewayException({ code: 'REFUND_FAILED', message: 'Square could not be asked what it has already refunded of this payment, so nothing was refunded. Please try again.' });
  }

  /** Every send of one request carries the same key and body, so Square makes the refund at most once. */
  private async send(state: OpenOrder, refundId: string): Promise<RefundAnswer> {
    const request = state.refunds[refundId].terms;
    const paymentId = state.payment?.paymentId;
    if (!paymentId) return { kind: 'declined', code: 'NO_PAYMENT', message: 'The order has no payment to refund.' };
    return answerOf(await this.square.refund({ idempotencyKey: refundId, paymentId, amountCents: request.amountCents, reason: request.reason }));
  }

  /** Square's current word on a refund it took (`GetPaymentRefund`). */
  private async lookUp(squareRefundId: string): Promise<RefundAnswer> {
    const answer = answerOf(await this.square.refundStatus(squareRefundId));
    // A refund Square cannot find now is no verdict on the money: asked again later.
    return answer.kind === 'declined' ? { kind: 'unknown', message: answer.message } : answer;
  }
}

/**
 * Square's answer to a refund, for the order: a refund it took, a verdict (its card decline or any
 * other refusal), or no verdict (a 5xx, a 429, a 409 for the same key still at work, no answer).
 */
function answerOf(answer: SquareAnswer<SquareRefund>): RefundAnswer {
  if (answer.ok) {
    const refund = answer.value;
    if (!refund?.id || !refund.status || !SQUARE_STATUSES.includes(refund.status)) return { kind: 'unknown', message: 'Square answered without a refund status' };
    return { kind: 'taken', squareRefundId: refund.id, status: refund.status as SquareRefundStatus };
  }
  const { failure } = answer;
  if (failure.kind === 'unknown') return { kind: 'unknown', message: failure.message };
  return { kind: 'declined', code: failure.code, message: failure.detail };
}

import { BadGatewayException, Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { SquareClient, SquareError, SquareTimeoutError } from 'square';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import { EventStore } from '../platform/event-store/event-store';
import { fold } from '../platform/event-store/decider';
import { conflict, notFound } from '../platform/errors/domain-error';
import { SQUARE_SETTINGS, SquareSettings } from '../square';
import { orderDecider, orderName, RefundAsked, type OrderState } from './order.decider';
import { orderStream, type OrderEvent } from './order.events';

export type RefundRequestInput = Omit<RefundAsked, 'refundId'>;

/** What Square said about one refund request. */
type SquareAnswer =
  | { kind: 'refunded'; squareRefundId: string }
  /** Square answered with an error: nothing was refunded. `actionable`: a 4xx the studio can act on. */
  | { kind: 'refused'; code: string; message: string; actionable: boolean }
  /** No answer (a timeout, a cut connection): the refund may or may not exist; asking again with the same key tells. */
  | { kind: 'unknown'; message: string };

/**
 * Refunds through Square's Refunds API. The request is recorded on the order stream first
 * (`RefundRequested`, its id the idempotency key), then sent; Square's answer is recorded
 * (`OrderRefunded` or `RefundFailed`). A request whose answer never came (a crash, a lost
 * connection) is sent again by the reconciliation job with the same key, and Square answers with the
 * refund it made the first time: one refund, however often it is asked.
 */
@Injectable()
export class OrderRefunds {
  private readonly logger = new Logger('OrderRefunds');

  constructor(
    private readonly runner: CommandRunner,
    private readonly store: EventStore,
    private readonly square: SquareClient,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
  ) {}

  async load(orderId: string): Promise<OrderState> {
    return fold(orderDecider, (await this.store.readStream<OrderEvent>(orderStream(orderId).id)).events);
  }

  /** Records the request, asks Square, records the answer. Throws a clear error when Square refused or could not answer. */
  async refund(orderId: string, input: RefundRequestInput, caller: RequestContext): Promise<{ refundId: string; squareRefundId: string }> {
    const refundId = randomUUID();
    const { events, state } = await this.runner.run(orderDecider, orderStream(orderId), { kind: 'RequestRefund', refund: { ...input, refundId }, at: new Date().toISOString() }, caller);
    if (!state.exists || events.length === 0) throw notFound('That order was not found.');
    const answer = await this.send(state, refundId);
    if (answer.kind === 'refunded') {
      await this.runner.run(orderDecider, orderStream(orderId), { kind: 'RecordRefund', refundId, squareRefundId: answer.squareRefundId }, caller);
      this.logger.log(`Order ${orderName(state)}: refund ${refundId} taken by Square as ${answer.squareRefundId}`);
      return { refundId, squareRefundId: answer.squareRefundId };
    }
    if (answer.kind === 'refused') {
      await this.runner.run(orderDecider, orderStream(orderId), { kind: 'RecordRefundFailure', refundId, code: answer.code, message: answer.message }, caller);
      this.logger.warn(`Order ${orderName(state)}: Square refused refund ${refundId} (${answer.code}: ${answer.message})`);
      if (answer.actionable) throw conflict(`Square refused the refund: ${answer.message}`, 'REFUND_DECLINED', { squareCode: answer.code });
      throw new BadGatewayException({ code: 'REFUND_FAILED', message: `Square could not make the refund (${answer.code}); nothing was refunded. Please try again.` });
    }
    this.logger.warn(`Order ${orderName(state)}: no answer from Square for refund ${refundId} (${answer.message}); the reconciliation job will ask again`);
    throw new BadGatewayException({
      code: 'REFUND_UNCONFIRMED',
      message: 'Square did not answer, so whether the refund was made is not known yet. The shop will ask Square again shortly with the same request; it will not be refunded twice.',
    });
  }

  /** The reconciliation job's step: a request left pending is sent again with its own key; Square's answer is recorded. */
  async finishPending(orderId: string, caller: RequestContext): Promise<number> {
    const state = await this.load(orderId);
    if (!state.exists) return 0;
    let finished = 0;
    for (const r of Object.values(state.refunds)) {
      if (r.status !== 'pending') continue;
      const answer = await this.send(state, r.terms.refundId);
      if (answer.kind === 'unknown') continue;
      const command =
        answer.kind === 'refunded'
          ? ({ kind: 'RecordRefund', refundId: r.terms.refundId, squareRefundId: answer.squareRefundId } as const)
          : ({ kind: 'RecordRefundFailure', refundId: r.terms.refundId, code: answer.code, message: answer.message } as const);
      await this.runner.run(orderDecider, orderStream(orderId), command, caller);
      finished++;
      this.logger.log(`Order ${orderName(state)}: interrupted refund ${r.terms.refundId} finished as ${answer.kind}`);
    }
    return finished;
  }

  /** Every send of one request carries the same key and body, so Square makes the refund at most once. */
  private async send(state: Extract<OrderState, { exists: true }>, refundId: string): Promise<SquareAnswer> {
    const request = state.refunds[refundId].terms;
    const paymentId = state.payment?.paymentId;
    if (!paymentId) return { kind: 'refused', code: 'NO_PAYMENT', message: 'The order has no payment to refund.', actionable: true };
    try {
      const { refund } = await this.square.refunds.refundPayment(
        {
          idempotencyKey: refundId,
          paymentId,
          amountMoney: { amount: BigInt(request.amountCents), currency: 'USD' },
          reason: request.reason.slice(0, 192),
        },
        { timeoutInSeconds: this.settings.timeoutMs / 1000, maxRetries: 1 },
      );
      if (!refund?.id) return { kind: 'unknown', message: 'Square answered without a refund' };
      if (refund.status === 'REJECTED' || refund.status === 'FAILED') return { kind: 'refused', code: `REFUND_${refund.status}`, message: `the refund is ${refund.status}`, actionable: false };
      return { kind: 'refunded', squareRefundId: refund.id };
    } catch (error) {
      if (error instanceof SquareTimeoutError || !(error instanceof SquareError) || error.statusCode === undefined) {
        return { kind: 'unknown', message: error instanceof Error ? error.message : String(error) };
      }
      const first = error.errors[0];
      const code = String(first?.code ?? error.statusCode);
      const message = first?.detail ?? error.message;
      // 409 CONFLICT: the same key is still being worked on; its answer comes with the next ask.
      if (error.statusCode === 409) return { kind: 'unknown', message };
      return { kind: 'refused', code, message, actionable: error.statusCode < 500 && error.statusCode !== 429 };
    }
  }
}

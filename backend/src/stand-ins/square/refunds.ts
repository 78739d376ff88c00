import { serialization } from 'square';
import { now, ok, type HandlerContext, type Reply } from './emulator-context';
import { oncePerKey } from './idempotency';
import { newId } from './ids';
import { checkLocation, LOCATION } from './locations';
import { showRefundOnOrder } from './order-refunds';
import { orderUpdated } from './orders';
import { listByTime } from './paging';
import { validateBody } from './request-validation';
import { invalidRequest, missingParameter, notFound } from './square-error';

type RefundPaymentRequest = serialization.RefundPaymentRequest.Raw;
export type PaymentRefundRaw = serialization.PaymentRefund.Raw;

/** Square takes at most this many refunds of one payment. */
export const MAX_REFUNDS_PER_PAYMENT = 20;

/**
 * `POST /v2/refunds`: refunds (part of) a completed card payment once per idempotency key. The
 * refunds of one payment never add up to more than it took, and there are at most 20 of them; the
 * payment's `refunded_money` and `refund_ids` follow, and so does the payment's order, when it has one
 * (`showRefundOnOrder`: its `refunds[]`, `return_amounts`, `net_amounts`, `order.updated`). A card refund is `PENDING` when it is made
 * (`refund.created` is sent) and ends as `RefundSettlement` says (`refund.updated`).
 */
export function refundPayment(ctx: HandlerContext): Reply {
  const request = validateBody<RefundPaymentRequest>(serialization.RefundPaymentRequest, ctx.body, [
    { field: 'idempotency_key', min: 1, max: 45 },
    { field: 'payment_id', min: 1, max: 192 },
    { field: 'reason', max: 192 },
  ]);
  if (!request.payment_id) throw missingParameter('payment_id');
  const money = request.amount_money;
  if (!money) throw missingParameter('amount_money');
  if (money.amount === undefined || money.amount === null) throw missingParameter('amount_money.amount');
  if (!money.currency) throw missingParameter('amount_money.currency');
  const amount = Number(money.amount);
  if (!Number.isSafeInteger(amount)) throw invalidRequest('EXPECTED_INTEGER', 'Expected an integer amount of cents.', 'amount_money.amount');
  if (amount < 1) throw invalidRequest('VALUE_TOO_LOW', 'Field must be at least 1.', 'amount_money.amount');
  if (request.location_id) checkLocation(request.location_id);

  return oncePerKey(ctx.state, 'RefundPayment', request.idempotency_key, ctx.body, () => {
    const payment = ctx.state.payments[request.payment_id as string];
    if (!payment) throw notFound(`Could not find payment with id: ${request.payment_id}`, 'payment_id');
    if (payment.status === 'APPROVED') throw invalidRequest('REFUND_ERROR_PAYMENT_NEEDS_COMPLETION', `Payment ${payment.id} must be completed before it can be refunded.`, 'payment_id');
    if (payment.status !== 'COMPLETED') throw invalidRequest('PAYMENT_NOT_REFUNDABLE', `Payment ${payment.id} is ${payment.status} and cannot be refunded.`, 'payment_id');
    const currency = payment.total_money?.currency ?? LOCATION.currency;
    if (money.currency !== currency) throw invalidRequest('UNSUPPORTED_CURRENCY', `The refund must be in ${currency}, the payment's currency.`, 'amount_money.currency');
    const refundIds = payment.refund_ids ?? [];
    if (refundIds.length >= MAX_REFUNDS_PER_PAYMENT)
      throw invalidRequest('PAYMENT_NOT_REFUNDABLE', `Payment ${payment.id} already has ${MAX_REFUNDS_PER_PAYMENT} refunds, the most one payment can have.`, 'payment_id');
    const taken = Number(payment.total_money?.amount ?? 0);
    const refunded = Number(payment.refunded_money?.amount ?? 0);
    if (amount > taken - refunded) {
      throw invalidRequest('REFUND_AMOUNT_INVALID', `The refund amount (${amount}) is more than what is left to refund on the payment (${taken - refunded}).`, 'amount_money.amount');
    }
    const at = now();
    const refund: PaymentRefundRaw = {
      id: `${payment.id}_${newId.refund()}`,
      status: 'PENDING',
      location_id: payment.location_id ?? LOCATION.id,
      unlinked: false,
      destination_type: 'CARD',
      amount_money: { amount, currency },
      payment_id: payment.id,
      ...(payment.order_id ? { order_id: payment.order_id } : {}),
      ...(request.reason ? { reason: request.reason } : {}),
      created_at: at,
      updated_at: at,
    };
    ctx.state.refunds[refund.id] = refund;
    ctx.notify({ type: 'refund.created', dataType: 'refund', id: refund.id, object: { refund: structuredClone(refund) } });
    const order = showRefundOnOrder(ctx.state, refund, at);
    if (order) ctx.notify(orderUpdated(order));
    ctx.refundMade(refund.id);
    ctx.state.payments[payment.id as string] = {
      ...payment,
      refunded_money: { amount: refunded + amount, currency },
      refund_ids: [...refundIds, refund.id],
      updated_at: at,
    };
    return ok({ refund });
  });
}

/** `GET /v2/refunds/{refund_id}`. */
export function getPaymentRefund(ctx: HandlerContext): Reply {
  const refund = ctx.state.refunds[ctx.params[0]];
  if (!refund) throw notFound(`Could not find payment refund with id: ${ctx.params[0]}`);
  return ok({ refund });
}

/**
 * `GET /v2/refunds`: refunds made between `begin_time` (default: a year before `end_time`) and
 * `end_time` (default: now), newest first unless `sort_order=ASC`; by `location_id`, `status`,
 * `source_type`; `limit` ≤ 100, `cursor`.
 */
export function listPaymentRefunds(ctx: HandlerContext): Reply {
  const q = ctx.query;
  const refunds = Object.values(ctx.state.refunds);
  const { items, cursor } = listByTime(
    q,
    refunds,
    (r) =>
      (!q.get('location_id') || r.location_id === q.get('location_id')) && (!q.get('status') || r.status === q.get('status')) && (!q.get('source_type') || q.get('source_type') === 'CARD'),
  );
  return ok({ ...(items.length ? { refunds: items } : {}), ...(cursor ? { cursor } : {}) });
}

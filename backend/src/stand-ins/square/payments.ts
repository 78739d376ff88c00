import { serialization } from 'square';
import { TEST_TOKEN_CARD, TEST_TOKENS } from './card-tokens';
import { now, ok, type HandlerContext, type Reply } from './emulator-context';
import { EMULATOR_APPLICATION_ID } from './emulator-identity';
import type { CardOutcome, MintedToken, PaymentRaw } from './emulator-state';
import { oncePerKey } from './idempotency';
import { checkOrderPayment, paymentCompleted } from './orders';
import { newId } from './ids';
import { listByTime } from './paging';
import { checkLocation, LOCATION } from './locations';
import { validateBody } from './request-validation';
import { invalidRequest, missingParameter, notFound, SquareApiError, type ErrorCode } from './square-error';

type CreatePaymentRequest = serialization.CreatePaymentRequest.Raw;

/** The card error each failing outcome ends in, as the sandbox's test tokens do. */
const DECLINES: Record<Exclude<CardOutcome, 'ok'>, { code: ErrorCode; cvv: string; avs: string }> = {
  declined: { code: 'GENERIC_DECLINE', cvv: 'CVV_ACCEPTED', avs: 'AVS_ACCEPTED' },
  'rejected-cvv': { code: 'CVV_FAILURE', cvv: 'CVV_REJECTED', avs: 'AVS_ACCEPTED' },
  'rejected-postalcode': { code: 'ADDRESS_VERIFICATION_FAILURE', cvv: 'CVV_ACCEPTED', avs: 'AVS_REJECTED' },
  'rejected-expiration': { code: 'INVALID_EXPIRATION', cvv: 'CVV_ACCEPTED', avs: 'AVS_ACCEPTED' },
};

/** `POST /v2/payments`: charges a card token once per idempotency key. */
export function createPayment(ctx: HandlerContext): Reply {
  const request = validateBody<CreatePaymentRequest>(serialization.CreatePaymentRequest, ctx.body, [
    { field: 'idempotency_key', min: 1, max: 45 },
    { field: 'source_id', min: 1 },
    { field: 'reference_id', max: 40 },
    { field: 'note', max: 500 },
    { field: 'buyer_email_address', max: 255 },
    { field: 'statement_description_identifier', max: 20 },
  ]);
  const amount = checkMoney(request.amount_money, 'amount_money', true) as number;
  const tip = checkMoney(request.tip_money, 'tip_money', false) ?? 0;
  checkLocation(request.location_id);
  if (request.customer_id && !ctx.state.customers[request.customer_id]) throw notFound(`Customer \`${request.customer_id}\` not found.`, 'customer_id');

  return oncePerKey(ctx.state, 'CreatePayment', request.idempotency_key, ctx.body, () => {
    if (request.order_id) checkOrderPayment(ctx, request.order_id, amount);
    const source = takeSource(ctx, request.source_id);
    const payment = paymentFor(request, source, amount, tip);
    ctx.state.payments[payment.id as string] = payment;
    if (payment.status === 'COMPLETED') paymentCompleted(ctx, payment);
    if (source.outcome === 'ok') return ok({ payment });
    const { code } = DECLINES[source.outcome];
    return { status: 402, body: { errors: [{ category: 'PAYMENT_METHOD_ERROR', code, detail: `Authorization error: '${code}'` }], payment } };
  });
}

/** `GET /v2/payments/{id}`. */
export function getPayment(ctx: HandlerContext): Reply {
  const payment = ctx.state.payments[ctx.params[0]];
  if (!payment) throw notFound(`Could not find payment with id: ${ctx.params[0]}`);
  return ok({ payment });
}

/**
 * `POST /v2/payments/{id}/complete`: captures an approved (delayed capture) payment. Completing it
 * again answers the payment as it is; a canceled or failed one cannot be completed.
 */
export function completePayment(ctx: HandlerContext): Reply {
  return settleApproved(ctx, 'COMPLETED');
}

/** `POST /v2/payments/{id}/cancel`: voids an approved payment: the hold on the card is released. */
export function cancelPayment(ctx: HandlerContext): Reply {
  return settleApproved(ctx, 'CANCELED');
}

function settleApproved(ctx: HandlerContext, to: 'COMPLETED' | 'CANCELED'): Reply {
  const payment = ctx.state.payments[ctx.params[0]];
  if (!payment) throw notFound(`Could not find payment with id: ${ctx.params[0]}`);
  if (payment.status === to) return ok({ payment });
  if (payment.status !== 'APPROVED') {
    throw invalidRequest('BAD_REQUEST', `Payment ${payment.id} is ${payment.status} and cannot be ${to === 'COMPLETED' ? 'completed' : 'canceled'}.`);
  }
  const at = now();
  const card = payment.card_details!;
  ctx.state.payments[payment.id as string] = {
    ...payment,
    status: to,
    updated_at: at,
    ...(to === 'CANCELED' ? { approved_money: { amount: 0, currency: LOCATION.currency } } : {}),
    card_details: {
      ...card,
      status: to === 'COMPLETED' ? 'CAPTURED' : 'VOIDED',
      card_payment_timeline: { ...card.card_payment_timeline, ...(to === 'COMPLETED' ? { captured_at: at } : { voided_at: at }) },
    },
  };
  if (to === 'COMPLETED') paymentCompleted(ctx, ctx.state.payments[payment.id as string]);
  return ok({ payment: ctx.state.payments[payment.id as string] });
}

function checkMoney(money: serialization.Money.Raw | null | undefined, field: string, required: boolean): number | undefined {
  if (!money) {
    if (required) throw missingParameter(field);
    return undefined;
  }
  if (money.amount === undefined || money.amount === null) throw missingParameter(`${field}.amount`);
  if (!money.currency) throw missingParameter(`${field}.currency`);
  const amount = Number(money.amount);
  if (!Number.isSafeInteger(amount)) throw invalidRequest('EXPECTED_INTEGER', 'Expected an integer amount of cents.', `${field}.amount`);
  if (amount < (required ? 1 : 0)) throw invalidRequest('VALUE_TOO_LOW', `Field must be at least ${required ? 1 : 0}.`, `${field}.amount`);
  if (money.currency !== LOCATION.currency)
    throw invalidRequest('UNSUPPORTED_CURRENCY', `The currency ${money.currency} is not supported by this location (${LOCATION.currency}).`, `${field}.currency`);
  return amount;
}

/** The test tokens are reusable, as in Square's sandbox; a token the card form minted works once. */
function takeSource(ctx: HandlerContext, sourceId: string): { outcome: CardOutcome; card: MintedToken['card'] } {
  const outcome = TEST_TOKENS[sourceId];
  if (outcome) return { outcome, card: TEST_TOKEN_CARD };
  const minted = ctx.state.cardTokens[sourceId];
  if (!minted) throw notFound('Card nonce not found in this `sandbox` application environment.', 'source_id');
  if (minted.usedAt) throw new SquareApiError(400, 'INVALID_REQUEST_ERROR', 'CARD_TOKEN_USED', 'Card nonce already used; please request new nonce.', 'source_id');
  minted.usedAt = now();
  return minted;
}

function paymentFor(request: CreatePaymentRequest, source: { outcome: CardOutcome; card: MintedToken['card'] }, amount: number, tip: number): PaymentRaw {
  const id = newId.payment();
  const at = now();
  const completed = source.outcome === 'ok';
  const capture = request.autocomplete !== false;
  const decline = completed ? undefined : DECLINES[source.outcome as Exclude<CardOutcome, 'ok'>];
  const money = (cents: number) => ({ amount: cents, currency: LOCATION.currency });
  const { card } = source;
  return {
    id,
    created_at: at,
    updated_at: at,
    amount_money: money(amount),
    ...(tip ? { tip_money: money(tip) } : {}),
    total_money: money(amount + tip),
    approved_money: money(completed ? amount + tip : 0),
    status: completed ? (capture ? 'COMPLETED' : 'APPROVED') : 'FAILED',
    delay_duration: 'PT168H',
    delay_action: 'CANCEL',
    source_type: 'CARD',
    card_details: {
      status: completed ? (capture ? 'CAPTURED' : 'AUTHORIZED') : 'FAILED',
      card: {
        card_brand: card.brand as serialization.CardBrand.Raw,
        last_4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        fingerprint: `sq-1-${card.bin}${card.last4}`,
        card_type: 'CREDIT',
        prepaid_type: 'NOT_PREPAID',
        bin: card.bin,
      },
      entry_method: 'KEYED',
      cvv_status: decline?.cvv ?? 'CVV_ACCEPTED',
      avs_status: decline?.avs ?? 'AVS_ACCEPTED',
      ...(completed ? { auth_result_code: id.slice(0, 6).toUpperCase() } : {}),
      statement_description: 'SQ *DARK CIRCLE',
      card_payment_timeline: completed ? { authorized_at: at, ...(capture ? { captured_at: at } : {}) } : { voided_at: at },
      ...(decline ? { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: decline.code, detail: `Authorization error: '${decline.code}'` }] } : {}),
    },
    location_id: LOCATION.id,
    ...(request.order_id ? { order_id: request.order_id } : {}),
    ...(request.reference_id ? { reference_id: request.reference_id } : {}),
    ...(request.customer_id ? { customer_id: request.customer_id } : {}),
    ...(request.buyer_email_address ? { buyer_email_address: request.buyer_email_address } : {}),
    ...(request.billing_address ? { billing_address: request.billing_address } : {}),
    ...(request.shipping_address ? { shipping_address: request.shipping_address } : {}),
    ...(request.note ? { note: request.note } : {}),
    risk_evaluation: { created_at: at, risk_level: 'NORMAL' },
    receipt_number: id.slice(0, 4),
    application_details: { square_product: 'ECOMMERCE_API', application_id: EMULATOR_APPLICATION_ID },
    version_token: newId.catalogObject(),
  };
}

/**
 * `GET /v2/payments`: payments made between `begin_time` (default: a year before `end_time`) and
 * `end_time` (default: now), newest first unless `sort_order=ASC`; by `location_id`, `last_4`,
 * `card_brand`; `limit` ≤ 100, `cursor`.
 */
export function listPayments(ctx: HandlerContext): Reply {
  const q = ctx.query;
  const { items, cursor } = listByTime(q, Object.values(ctx.state.payments), (p) => {
    const card = p.card_details?.card;
    return (
      (!q.get('location_id') || p.location_id === q.get('location_id')) &&
      (!q.get('last_4') || card?.last_4 === q.get('last_4')) &&
      (!q.get('card_brand') || card?.card_brand === q.get('card_brand'))
    );
  });
  return ok({ ...(items.length ? { payments: items } : {}), ...(cursor ? { cursor } : {}) });
}

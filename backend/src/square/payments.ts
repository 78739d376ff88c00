import { Inject, Injectable, Logger } from '@nestjs/common';
import { Square, SquareClient } from 'square';
import { classifySquareError, type SquareFailure } from './square-errors';
import { SQUARE_SETTINGS, SquareSettings } from './square-settings';

/** A Square call's answer: what Square holds (absent when a 2xx came without it), or why there is none. */
export type SquareAnswer<T> = { ok: true; value: T | undefined } | { ok: false; failure: SquareFailure };

/** The fields of a Square payment the shop acts on. */
export interface SquarePayment {
  id: string | undefined;
  /** `APPROVED` (held), `COMPLETED`, `PENDING`, `CANCELED` or `FAILED`. */
  status: string | undefined;
  cardBrand: string | null;
  last4: string | null;
  fingerprint: string | null;
  /** The card's first error code on a payment that failed. */
  cardErrorCode: string | undefined;
  /** When Square last changed it (its clock): for a completed payment, when it was taken. */
  updatedAt: string | undefined;
}

/** The fields of a Square refund the shop acts on. */
export interface SquareRefund {
  id: string | undefined;
  /** `PENDING`, `COMPLETED`, `FAILED` or `REJECTED`. */
  status: string | undefined;
}

export interface ChargeBody {
  idempotencyKey: string;
  sourceId: string;
  amountCents: number;
  buyerEmail: string;
  note: string;
  /** False: only hold the amount (`APPROVED`), to be settled later. */
  autocomplete: boolean;
  /** The Square order the payment pays (absent on checkouts from before orders were made). */
  squareOrderId?: string;
}

/**
 * A search of the payments for one charge. Only `none`, from a search that read every page, says
 * the charge is not there; `unavailable` (Square could not be asked, or failed part-way) says
 * nothing about it.
 */
export type SquarePaymentSearch = { kind: 'found'; payment: SquarePayment } | { kind: 'none' } | { kind: 'unavailable'; message: string };

export interface RefundBody {
  idempotencyKey: string;
  paymentId: string;
  amountCents: number;
  reason: string;
}

/** How far before the charge was asked for a search starts: Square's clock and ours may differ. */
const CLOCK_SKEW_MS = 3600 * 1000;

/**
 * Every Square call that moves money or reads it back: charge, settle a hold, find a lost charge,
 * refund, and what became of a refund. Each answers a `SquareAnswer` instead of throwing, its error
 * read once (`classifySquareError`); the callers decide what an answer means for their order.
 * Retrying with the same idempotency key is the callers' choice: the SDK's own retries are bounded
 * per call here.
 */
@Injectable()
export class SquarePayments {
  private readonly logger = new Logger('Square');

  constructor(
    private readonly square: SquareClient,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
  ) {}

  /** One attempt at a charge (`CreatePayment`). Every attempt of one charge must send the same key and body. */
  async charge(body: ChargeBody): Promise<SquareAnswer<SquarePayment>> {
    return this.call(async () => {
      const { payment } = await this.square.payments.create(
        {
          idempotencyKey: body.idempotencyKey,
          sourceId: body.sourceId,
          amountMoney: { amount: BigInt(body.amountCents), currency: 'USD' },
          locationId: this.settings.locationId,
          referenceId: referenceOf(body.idempotencyKey),
          buyerEmailAddress: body.buyerEmail,
          note: body.note,
          autocomplete: body.autocomplete,
          ...(body.squareOrderId ? { orderId: body.squareOrderId } : {}),
        },
        // Retries are the caller's, so that each one is logged and bounded.
        this.options(0),
      );
      return payment && seenPayment(payment);
    });
  }

  /**
   * Takes (`capture`: `CompletePayment`) or releases (`CancelPayment`) a held amount. A lost answer,
   * or a hold already settled by an earlier call, is read back from the payment itself.
   */
  async settle(paymentId: string, capture: boolean): Promise<SquareAnswer<SquarePayment>> {
    const settled = await this.call(async () => {
      const { payment } = capture ? await this.square.payments.complete({ paymentId }, this.options(2)) : await this.square.payments.cancel({ paymentId }, this.options(2));
      return payment && seenPayment(payment);
    });
    if (settled.ok && settled.value) return settled;
    if (!settled.ok) this.logger.warn(`Could not ${capture ? 'complete' : 'cancel'} payment ${paymentId} (${settled.failure.message}); reading it back`);
    return this.call(async () => {
      const { payment } = await this.square.payments.get({ paymentId }, this.options(2));
      return payment && seenPayment(payment);
    });
  }

  /**
   * Looks for the payment a charge with this idempotency key made, by its `reference_id`, without
   * ever making one: from a little before the charge was asked for (`requestedAt`; absent: Square's
   * default year) to now, oldest first, through every page of Square's cursor. A page that fails,
   * first or midway, makes the search `unavailable`: the payment may be on a page not read.
   */
  async find(idempotencyKey: string, requestedAt: string | undefined): Promise<SquarePaymentSearch> {
    const reference = referenceOf(idempotencyKey);
    const askedAt = Date.parse(requestedAt ?? '');
    try {
      const pages = await this.square.payments.list(
        {
          // The charge is near the start, and payments made while paging are added at the end.
          beginTime: Number.isNaN(askedAt) ? undefined : new Date(askedAt - CLOCK_SKEW_MS).toISOString(),
          sortOrder: 'ASC',
          locationId: this.settings.locationId,
          limit: 100,
        },
        this.options(1),
      );
      // A page that fails throws to the catch below.
      for await (const payment of pages) {
        if (payment.referenceId === reference) return { kind: 'found', payment: seenPayment(payment) };
      }
      return { kind: 'none' };
    } catch (error) {
      const { message } = classifySquareError(error);
      this.logger.warn(`Could not look for the payment with reference ${reference} (${message})`);
      return { kind: 'unavailable', message };
    }
  }

  /** What Square has refunded of a payment, in cents (its pending refunds included). */
  async refundedCents(paymentId: string): Promise<SquareAnswer<number>> {
    return this.call(async () => {
      const { payment } = await this.square.payments.get({ paymentId }, this.options(1));
      return Number(payment?.refundedMoney?.amount ?? 0);
    });
  }

  /** Asks for a refund (`RefundPayment`). Every send of one refund must carry the same key and body: Square makes it at most once. */
  async refund(body: RefundBody): Promise<SquareAnswer<SquareRefund>> {
    return this.call(async () => {
      const { refund } = await this.square.refunds.refundPayment(
        {
          idempotencyKey: body.idempotencyKey,
          paymentId: body.paymentId,
          amountMoney: { amount: BigInt(body.amountCents), currency: 'USD' },
          // Square's limit.
          reason: body.reason.slice(0, 192),
        },
        this.options(1),
      );
      return refund && { id: refund.id, status: refund.status ?? undefined };
    });
  }

  /** Square's current word on a refund it took (`GetPaymentRefund`). */
  async refundStatus(squareRefundId: string): Promise<SquareAnswer<SquareRefund>> {
    return this.call(async () => {
      const { refund } = await this.square.refunds.get({ refundId: squareRefundId }, this.options(1));
      return refund && { id: refund.id, status: refund.status ?? undefined };
    });
  }

  private async call<T>(ask: () => Promise<T | undefined>): Promise<SquareAnswer<T>> {
    try {
      return { ok: true, value: await ask() };
    } catch (error) {
      return { ok: false, failure: classifySquareError(error) };
    }
  }

  /** One call's bounds: its own timeout, and how often the SDK itself asks again (408, 429, 5xx). */
  private options(maxRetries: number) {
    return { timeoutInSeconds: this.settings.timeoutMs / 1000, maxRetries };
  }
}

/** `reference_id` holds at most 40 characters; keys made before they fitted are cut the same way every time. */
const referenceOf = (idempotencyKey: string) => idempotencyKey.slice(0, 40);

function seenPayment(payment: Square.Payment): SquarePayment {
  const card = payment.cardDetails?.card;
  const errorCode = payment.cardDetails?.errors?.[0]?.code;
  return {
    id: payment.id,
    status: payment.status,
    cardBrand: card?.cardBrand ?? null,
    last4: card?.last4 ?? null,
    fingerprint: card?.fingerprint ?? null,
    cardErrorCode: errorCode == null ? undefined : String(errorCode),
    updatedAt: payment.updatedAt,
  };
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { Square, SquareClient, SquareError, SquareTimeoutError } from 'square';
import { SQUARE_SETTINGS, SquareSettings } from '../square';
import { declineMessage } from './decline-messages';

export interface ChargeRequest {
  idempotencyKey: string;
  sourceId: string;
  amountCents: number;
  buyerEmail: string;
  /** The attempt being charged: Square's payment note names it (its number is given only once it is paid). */
  orderId: string;
  /** Set only on orders opened before numbers waited for the payment: their note kept the number, and a retry must send the same body. */
  orderNumber?: string;
  /** False: only hold the amount on the card (`APPROVED`), to be completed or canceled once the card is known. */
  autocomplete: boolean;
  /** When the order asked for its charge (absent on orders from before it was recorded): where a search for it starts. */
  requestedAt?: string;
}

interface CardSeen {
  paymentId: string;
  cardBrand: string | null;
  last4: string | null;
  fingerprint: string | null;
}

export type ChargeOutcome =
  | ({ kind: 'captured' } & CardSeen)
  /** The amount is held on the card, not taken: `settleHold` completes or cancels it. */
  | ({ kind: 'held' } & CardSeen)
  | { kind: 'declined'; code: string; message: string }
  /** Square could not say, or said something other than a verdict on the card: whether money moved is unknown. */
  | { kind: 'unknown'; message: string };

/**
 * What a search of Square's payments for one charge says. Only `none`, from a search that read
 * every page, says the charge is not there; `unavailable` (Square could not be asked, or failed
 * part-way) says nothing about it.
 */
export type PaymentSearch = { kind: 'found'; outcome: ChargeOutcome } | { kind: 'none' } | { kind: 'unavailable'; message: string };

const ATTEMPTS = 3;

/** How long before the charge was asked for a lost charge is looked for: Square's clock and ours may differ. */
const CLOCK_SKEW_MS = 3600 * 1000;

/**
 * Card charges through the official SDK. Every attempt of one charge sends the same idempotency key
 * and the same body, so a timeout retried here (or by the shopper) charges at most once. The key is
 * also the payment's `reference_id`: a charge whose answer was lost is found by it in Square's list.
 */
@Injectable()
export class CardPayments {
  private readonly logger = new Logger('CardPayments');

  constructor(
    private readonly square: SquareClient,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
  ) {}

  /** The longest one `charge` can wait on Square: every attempt timing out. */
  get longestChargeMs(): number {
    return ATTEMPTS * this.settings.timeoutMs;
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    let lastProblem = 'no answer';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const { payment } = await this.square.payments.create(
          {
            idempotencyKey: request.idempotencyKey,
            sourceId: request.sourceId,
            amountMoney: { amount: BigInt(request.amountCents), currency: 'USD' },
            locationId: this.settings.locationId,
            referenceId: referenceOf(request.idempotencyKey),
            buyerEmailAddress: request.buyerEmail,
            note: request.orderNumber ? `Order ${request.orderNumber}` : `Dark Circle checkout ${request.orderId}`,
            autocomplete: request.autocomplete,
          },
          // Retries are ours, so that each one is logged and bounded.
          { timeoutInSeconds: this.settings.timeoutMs / 1000, maxRetries: 0 },
        );
        return payment ? outcomeOf(payment) : { kind: 'unknown', message: 'Square answered without a payment' };
      } catch (error) {
        const decline = cardDecline(error);
        if (decline) return { kind: 'declined', code: decline, message: declineMessage(decline) };
        lastProblem = describe(error);
        // Any other refusal (a duplicate of a request still in flight, say) is no verdict on the
        // card, and asking again cannot change it: the first attempt may yet capture.
        if (!isTransient(error)) break;
        this.logger.warn(`Charge of checkout ${request.orderId} attempt ${attempt} got no answer (${lastProblem}); retrying with the same key`);
      }
    }
    this.logger.warn(`Charge of checkout ${request.orderId}: whether the card was charged is unknown (${lastProblem}); looking for the payment`);
    // No payment found yet is no verdict either: the charge may still land.
    const search = await this.find(request);
    return search.kind === 'found' ? search.outcome : { kind: 'unknown', message: lastProblem };
  }

  /**
   * Takes (`capture`) or releases a held amount. A lost answer, or a hold already settled by an
   * earlier call, is read back from the payment itself.
   */
  async settleHold(paymentId: string, capture: boolean): Promise<ChargeOutcome> {
    const options = { timeoutInSeconds: this.settings.timeoutMs / 1000, maxRetries: 2 };
    try {
      const { payment } = capture ? await this.square.payments.complete({ paymentId }, options) : await this.square.payments.cancel({ paymentId }, options);
      if (payment) return outcomeOf(payment);
    } catch (error) {
      this.logger.warn(`Could not ${capture ? 'complete' : 'cancel'} payment ${paymentId} (${describe(error)}); reading it back`);
    }
    try {
      const { payment } = await this.square.payments.get({ paymentId }, options);
      return payment ? outcomeOf(payment) : { kind: 'unknown', message: `payment ${paymentId} was not found` };
    } catch (error) {
      return { kind: 'unknown', message: describe(error) };
    }
  }

  /**
   * Looks for the charge this request made in Square's payment list by its reference, without ever
   * making one. Only a search that read every page of its window says `none`; a page that fails,
   * first or midway, says `unavailable`: the charge may be on a page not read.
   */
  async find(request: Pick<ChargeRequest, 'idempotencyKey' | 'requestedAt'>): Promise<PaymentSearch> {
    const reference = referenceOf(request.idempotencyKey);
    const requestedAt = Date.parse(request.requestedAt ?? '');
    try {
      const pages = await this.square.payments.list(
        {
          // From a little before the charge was asked for (Square's clock is not ours) to now, oldest
          // first: the charge is near the start, and payments made while paging are added at the end.
          // An order from before the time was recorded is looked for over Square's default year.
          beginTime: Number.isNaN(requestedAt) ? undefined : new Date(requestedAt - CLOCK_SKEW_MS).toISOString(),
          sortOrder: 'ASC',
          locationId: this.settings.locationId,
          limit: 100,
        },
        { timeoutInSeconds: this.settings.timeoutMs / 1000, maxRetries: 1 },
      );
      // Pages through the whole window (Square's cursor); a page that fails throws to the catch below.
      for await (const payment of pages) {
        if (payment.referenceId === reference) return { kind: 'found', outcome: outcomeOf(payment) };
      }
      return { kind: 'none' };
    } catch (error) {
      const message = describe(error);
      this.logger.warn(`Could not look for the payment with reference ${reference} (${message})`);
      return { kind: 'unavailable', message };
    }
  }
}

/** `reference_id` holds at most 40 characters; keys made before they fitted are cut the same way every time. */
const referenceOf = (idempotencyKey: string) => idempotencyKey.slice(0, 40);

/** What a payment Square holds says about the charge: a completed one took the money, an approved one holds it. */
function outcomeOf(payment: Square.Payment): ChargeOutcome {
  const card = payment.cardDetails?.card;
  if (payment.id && (payment.status === 'COMPLETED' || payment.status === 'APPROVED')) {
    const seen = { paymentId: payment.id, cardBrand: card?.cardBrand ?? null, last4: card?.last4 ?? null, fingerprint: card?.fingerprint ?? null };
    return { kind: payment.status === 'COMPLETED' ? 'captured' : 'held', ...seen };
  }
  if (payment.status === 'FAILED' || payment.status === 'CANCELED') {
    const code = String(payment.cardDetails?.errors?.[0]?.code ?? 'GENERIC_DECLINE');
    return { kind: 'declined', code, message: declineMessage(code) };
  }
  // PENDING (or a status this code does not know): Square has not decided yet.
  return { kind: 'unknown', message: `payment ${payment.id} is ${payment.status ?? 'without a status'}` };
}

/** The code of a card decline: Square's `PAYMENT_METHOD_ERROR` category, and nothing else. */
function cardDecline(error: unknown): string | undefined {
  if (!(error instanceof SquareError)) return undefined;
  const decline = error.errors.find((e) => e.category === 'PAYMENT_METHOD_ERROR');
  return decline ? String(decline.code) : undefined;
}

/** Timeouts, dropped connections, 429 and 5xx: the charge may or may not have happened, so ask again. */
function isTransient(error: unknown): boolean {
  if (error instanceof SquareTimeoutError || !(error instanceof SquareError)) return true;
  return error.statusCode === undefined || error.statusCode === 429 || error.statusCode >= 500;
}

function describe(error: unknown): string {
  if (error instanceof SquareError) return `${error.statusCode ?? 'no status'} ${error.errors.map((e) => e.code).join(', ') || error.message}`;
  return error instanceof Error ? error.message : String(error);
}

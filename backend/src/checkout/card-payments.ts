import { Inject, Injectable, Logger } from '@nestjs/common';
import { SQUARE_SETTINGS, SquarePayments, SquareSettings, type SquarePayment } from '../square';
import { declineMessage } from './decline-messages';
import { refusedChargeOutcome, type ChargeRefusal } from './lost-charge';

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
  /**
   * This call is the first to send the charge's idempotency key (the request that recorded
   * `ChargeRequested`): an outright refusal of its first attempt can then be read as not charged.
   */
  firstSendOfKey?: boolean;
  /** The checkout's Square order, which the payment pays. */
  squareOrderId?: string;
}

interface CardSeen {
  paymentId: string;
  cardBrand: string | null;
  last4: string | null;
  fingerprint: string | null;
  /** When Square took it (its clock). */
  paidAt?: string;
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

/**
 * Card charges through Square (`SquarePayments`). Every attempt of one charge sends the same
 * idempotency key and the same body, so a timeout retried here (or by the shopper) charges at most
 * once. The key is also the payment's `reference_id`: a charge whose answer was lost is found by it
 * in Square's list.
 */
@Injectable()
export class CardPayments {
  private readonly logger = new Logger('CardPayments');

  constructor(
    private readonly square: SquarePayments,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
  ) {}

  /** The longest one `charge` can wait on Square: every attempt timing out. */
  get longestChargeMs(): number {
    return ATTEMPTS * this.settings.timeoutMs;
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    let lastProblem = 'no answer';
    let refusal: ChargeRefusal | undefined;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const answer = await this.square.charge({
        idempotencyKey: request.idempotencyKey,
        sourceId: request.sourceId,
        amountCents: request.amountCents,
        buyerEmail: request.buyerEmail,
        note: request.orderNumber ? `Order ${request.orderNumber}` : `Dark Circle checkout ${request.orderId}`,
        autocomplete: request.autocomplete,
        squareOrderId: request.squareOrderId,
      });
      if (answer.ok) return answer.value ? outcomeOf(answer.value) : { kind: 'unknown', message: 'Square answered without a payment' };
      const { failure } = answer;
      if (failure.kind === 'declined') return { kind: 'declined', code: failure.code, message: declineMessage(failure.code) };
      lastProblem = failure.message;
      // An outright refusal (an unknown card token: 404) is no verdict on the card, and asking again
      // cannot change it; nor can a duplicate of a request still in flight, which may yet capture.
      if (failure.kind === 'rejected') {
        // Only a refusal of the key's very first send says that nothing was done under it.
        refusal = { code: failure.code, firstSendOfKey: attempt === 1 && request.firstSendOfKey === true };
        break;
      }
      if (failure.inFlight) break;
      this.logger.warn(`Charge of checkout ${request.orderId} attempt ${attempt} got no answer (${lastProblem}); retrying with the same key`);
    }
    this.logger.warn(`Charge of checkout ${request.orderId}: no verdict on the card (${lastProblem}); looking for the payment`);
    return refusedChargeOutcome(refusal, await this.find(request), lastProblem);
  }

  /**
   * Takes (`capture`) or releases a held amount. A lost answer, or a hold already settled by an
   * earlier call, is read back from the payment itself.
   */
  async settleHold(paymentId: string, capture: boolean): Promise<ChargeOutcome> {
    const answer = await this.square.settle(paymentId, capture);
    if (!answer.ok) return { kind: 'unknown', message: answer.failure.message };
    return answer.value ? outcomeOf(answer.value) : { kind: 'unknown', message: `payment ${paymentId} was not found` };
  }

  /**
   * Looks for the charge this request made in Square's payment list by its reference, without ever
   * making one. Only a search that read every page of its window says `none`; a page that fails,
   * first or midway, says `unavailable`: the charge may be on a page not read.
   */
  async find(request: Pick<ChargeRequest, 'idempotencyKey' | 'requestedAt'>): Promise<PaymentSearch> {
    const search = await this.square.find(request.idempotencyKey, request.requestedAt);
    return search.kind === 'found' ? { kind: 'found', outcome: outcomeOf(search.payment) } : search;
  }
}

/** What a payment Square holds says about the charge: a completed one took the money, an approved one holds it. */
function outcomeOf(payment: SquarePayment): ChargeOutcome {
  if (payment.id && (payment.status === 'COMPLETED' || payment.status === 'APPROVED')) {
    const seen = { paymentId: payment.id, cardBrand: payment.cardBrand, last4: payment.last4, fingerprint: payment.fingerprint, ...(payment.updatedAt ? { paidAt: payment.updatedAt } : {}) };
    return { kind: payment.status === 'COMPLETED' ? 'captured' : 'held', ...seen };
  }
  if (payment.status === 'FAILED' || payment.status === 'CANCELED') {
    const code = payment.cardErrorCode ?? 'GENERIC_DECLINE';
    return { kind: 'declined', code, message: declineMessage(code) };
  }
  // PENDING (or a status this code does not know): Square has not decided yet.
  return { kind: 'unknown', message: `payment ${payment.id} is ${payment.status ?? 'without a status'}` };
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { SquareClient, SquareError, SquareTimeoutError } from 'square';
import { SQUARE_SETTINGS, SquareSettings } from '../square';
import { declineMessage } from './decline-messages';

export interface ChargeRequest {
  idempotencyKey: string;
  sourceId: string;
  amountCents: number;
  buyerEmail: string;
  orderNumber: string;
}

export type ChargeOutcome =
  | { kind: 'captured'; paymentId: string; cardBrand: string | null; last4: string | null }
  | { kind: 'declined'; code: string; message: string }
  /** Square could not be reached or answered with a server error every time: whether money moved is unknown. */
  | { kind: 'unknown'; message: string };

const ATTEMPTS = 3;

/**
 * Card charges through the official SDK. Every attempt of one charge sends the same idempotency key
 * and the same body, so a timeout retried here (or by the reconciliation job) charges at most once.
 */
@Injectable()
export class CardPayments {
  private readonly logger = new Logger('CardPayments');

  constructor(
    private readonly square: SquareClient,
    @Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings,
  ) {}

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
            referenceId: request.orderNumber,
            buyerEmailAddress: request.buyerEmail,
            note: `Order ${request.orderNumber}`,
          },
          // Retries are ours, so that each one is logged and bounded.
          { timeoutInSeconds: this.settings.timeoutMs / 1000, maxRetries: 0 },
        );
        if (payment?.id && (payment.status === 'COMPLETED' || payment.status === 'APPROVED')) {
          return { kind: 'captured', paymentId: payment.id, cardBrand: payment.cardDetails?.card?.cardBrand ?? null, last4: payment.cardDetails?.card?.last4 ?? null };
        }
        return { kind: 'declined', code: payment?.status ?? 'UNKNOWN', message: declineMessage('GENERIC_DECLINE') };
      } catch (error) {
        if (!isTransient(error)) {
          const code = (error as SquareError).errors[0]?.code ?? 'UNKNOWN';
          return { kind: 'declined', code: String(code), message: declineMessage(String(code)) };
        }
        lastProblem = describe(error);
        this.logger.warn(`Charge ${request.orderNumber} attempt ${attempt} got no answer (${lastProblem}); retrying with the same key`);
      }
    }
    return { kind: 'unknown', message: lastProblem };
  }
}

/**
 * Timeouts, dropped connections, 429 and 5xx: the charge may or may not have happened, so ask again.
 * Only a 4xx answer from Square is a verdict on the card.
 */
function isTransient(error: unknown): boolean {
  if (error instanceof SquareTimeoutError || !(error instanceof SquareError)) return true;
  return error.statusCode === undefined || error.statusCode === 429 || error.statusCode >= 500;
}

function describe(error: unknown): string {
  if (error instanceof SquareError) return `${error.statusCode ?? 'no status'} ${error.errors.map((e) => e.code).join(', ') || error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** A refusal the domain explains to the caller; the HTTP layer maps the kind to a status. */
export type RefusalKind = 'invalid' | 'not-found' | 'conflict';

/**
 * A stable, machine-readable reason beside the message: clients branch on the code and show the
 * message. Add new codes here so the list stays the one place that names them.
 */
export type ErrorCode =
  | 'INVALID'
  | 'VALIDATION_FAILED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'CONCURRENT_CHANGE'
  | 'OUT_OF_STOCK'
  | 'INSUFFICIENT_STOCK'
  | 'VARIANT_REQUIRED'
  | 'VARIANT_NOT_FOUND'
  | 'IN_STOCK'
  | 'EMAIL_CLAIMED'
  | 'LINE_LIMIT'
  | 'PRICE_CHANGED'
  | 'AMOUNT_MISMATCH'
  | 'CHECKOUT_IN_PROGRESS'
  | 'CART_CHANGED'
  | 'PAYMENT_UNCONFIRMED'
  | 'EMPTY_CART'
  | 'SHIPPING_RESTRICTED'
  | 'PAYMENT_FAILED'
  | 'CARD_NOT_ACCEPTED'
  | 'HOLD_LIMIT'
  | 'TOTAL_NOT_CHARGEABLE'
  | 'SQUARE_TOTAL_MISMATCH'
  | 'SQUARE_UNAVAILABLE'
  | 'RATE_LIMITED'
  | 'DISCOUNT_UNKNOWN'
  | 'DISCOUNT_NOT_ELIGIBLE'
  | 'DISCOUNT_ALREADY_USED'
  | 'DISCOUNT_NOT_STARTED'
  | 'DISCOUNT_ENDED'
  | 'DISCOUNT_LIMIT_REACHED'
  | 'DISCOUNT_NOT_APPLICABLE'
  | 'DISCOUNT_MINIMUM_NOT_MET'
  | 'DISCOUNT_EXISTS'
  | 'DISCOUNT_NOT_FOUND'
  | 'SIGN_IN_REQUIRED'
  | 'NOT_ADMIN'
  | 'ORIGIN_REFUSED'
  | 'UNSUPPORTED_IMAGE'
  | 'NO_EMAIL'
  | 'CONTACT_NOT_FROM_CHECKOUT'
  | 'RECOVERY_LIMIT'
  | 'OPTED_OUT'
  | 'INVALID_LINK'
  | 'LINK_EXPIRED'
  | 'IMAGE_TOO_LARGE'
  | 'QUEUE_UNAVAILABLE'
  | 'SQUARE_SYNC_FAILED'
  | 'INVALID_SIGNATURE'
  | 'ORDER_NOT_REFUNDABLE'
  | 'ORDER_FULLY_REFUNDED'
  | 'REFUND_TOO_LARGE'
  | 'REFUND_LINES_INVALID'
  | 'REFUND_DECLINED'
  | 'REFUND_FAILED'
  | 'REFUND_UNCONFIRMED'
  | 'FULFILMENT_STEP_REFUSED'
  | 'ORDER_STATUS_NOT_FOUND'
  | 'LOCAL_EVENT_NOT_FOUND'
  | 'INCIDENT_NOT_FOUND'
  | 'INCIDENT_RESOLVED'
  // Refusals at the edge, before any domain rule: Fastify's own and the database being away.
  | 'MALFORMED_REQUEST'
  | 'HEADERS_TOO_LARGE'
  | 'REQUEST_TIMEOUT'
  | 'MALFORMED_URL'
  | 'MALFORMED_BODY'
  | 'BODY_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'DATABASE_UNAVAILABLE';

/** Extra facts a client may need beside the message (how many are left, the right total). */
export type ErrorDetails = Record<string, string | number | boolean | null>;

export class DomainError extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly code: ErrorCode = defaultCode[kind],
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

const defaultCode: Record<RefusalKind, ErrorCode> = { invalid: 'INVALID', 'not-found': 'NOT_FOUND', conflict: 'CONFLICT' };

export const invalid = (message: string, code?: ErrorCode, details?: ErrorDetails) => new DomainError('invalid', message, code, details);
export const notFound = (message: string, code?: ErrorCode, details?: ErrorDetails) => new DomainError('not-found', message, code, details);
export const conflict = (message: string, code?: ErrorCode, details?: ErrorDetails) => new DomainError('conflict', message, code, details);

import { apiErrorOf, serverMessageOf } from '@dark-circle/api-client';

/** A refused field's path at the start of a VALIDATION_FAILED message: "customerEmail: Please enter ...". */
const FIELD_PREFIX = /^([A-Za-z][A-Za-z0-9_.]*): /;

const isValidation = (error: unknown) => apiErrorOf(error)?.code === 'VALIDATION_FAILED';

/**
 * The server's words for the shopper, if the refusal carries them. A validation message loses the
 * field's path it starts with ("customerEmail: "): the shopper reads words, not the API's field names.
 */
export function shopperMessageOf(error: unknown): string | undefined {
  const message = serverMessageOf(error);
  return message && isValidation(error) ? message.replace(FIELD_PREFIX, '') : message;
}

/** The request field a VALIDATION_FAILED refusal names ("customerEmail", "shippingAddress.zipCode"), if any. */
export function refusedFieldOf(error: unknown): string | undefined {
  const message = serverMessageOf(error);
  return message && isValidation(error) ? FIELD_PREFIX.exec(message)?.[1] : undefined;
}

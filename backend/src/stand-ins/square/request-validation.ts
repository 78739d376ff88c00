import { invalidRequest, missingParameter, SquareApiError, type ErrorCode } from './square-error';

/** The part of the SDK's serialization schemas the emulator needs: `parse` of a wire body. */
interface WireSchema {
  parse(raw: unknown, options?: { unrecognizedObjectKeys?: 'passthrough' }): { ok: true } | { ok: false; errors: { path: string[]; message: string }[] };
}

export interface LengthRule {
  field: string;
  min?: number;
  max?: number;
}

/**
 * Checks a request body against the `square` SDK's own schema for it (generated from Square's
 * OpenAPI description), so required fields and types are Square's, then against the length limits
 * that the schema does not carry. Unknown fields pass, as Square ignores them.
 */
export function validateBody<Raw>(schema: WireSchema, body: unknown, lengths: LengthRule[] = []): Raw {
  let result: ReturnType<WireSchema['parse']>;
  try {
    result = schema.parse(body ?? {}, { unrecognizedObjectKeys: 'passthrough' });
  } catch (error) {
    // The SDK's bigint parser throws (rather than reporting) on a fractional number.
    throw invalidRequest('EXPECTED_INTEGER', error instanceof Error ? error.message : 'Expected an integer.');
  }
  if (!result.ok) throw toSquareError(result.errors[0]);
  for (const rule of lengths) checkLength(body as Record<string, unknown>, rule);
  return body as Raw;
}

function toSquareError(problem: { path: string[]; message: string }): SquareApiError {
  const missing = /^Missing required key "(.+)"$/.exec(problem.message);
  if (missing) return missingParameter(fieldName([...problem.path, missing[1]]));
  const field = problem.path.length ? fieldName(problem.path) : undefined;
  return invalidRequest(codeFor(problem.message), problem.message, field);
}

function codeFor(message: string): ErrorCode {
  if (message.startsWith('Expected string')) return 'EXPECTED_STRING';
  if (message.startsWith('Expected bigint') || message.startsWith('Expected number')) return 'EXPECTED_INTEGER';
  if (message.startsWith('Expected boolean')) return 'EXPECTED_BOOLEAN';
  if (message.startsWith('Expected object')) return 'EXPECTED_OBJECT';
  if (message.startsWith('Expected list')) return 'EXPECTED_ARRAY';
  if (message.startsWith('Expected enum')) return 'INVALID_ENUM_VALUE';
  return 'INVALID_VALUE';
}

/** `["batches", "[0]", "objects"]` → `batches[0].objects`, as Square names fields in errors. */
function fieldName(path: string[]): string {
  return path.reduce((name, part) => (part.startsWith('[') || !name ? name + part : `${name}.${part}`), '');
}

function checkLength(body: Record<string, unknown>, rule: LengthRule): void {
  const value = rule.field.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), body);
  if (typeof value !== 'string') return;
  if (rule.min !== undefined && value.length < rule.min) {
    throw invalidRequest('VALUE_TOO_SHORT', `Field must not be less than ${rule.min} characters long.`, rule.field);
  }
  if (rule.max !== undefined && value.length > rule.max) {
    throw invalidRequest('VALUE_TOO_LONG', `Field must not be greater than ${rule.max} characters long.`, rule.field);
  }
}

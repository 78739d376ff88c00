import { z } from 'zod';

/**
 * The one rule for text that comes from outside. PostgreSQL's jsonb refuses NUL and lone
 * surrogates (the event append would fail with a 500), and no field of the shop has a use for
 * other control characters; a multi-line field (a product description) may hold line breaks and tabs.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag: code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string may not be stored, or undefined when it may. */
export function textProblem(value: string, options: { multiLine?: boolean } = {}): string | undefined {
  if (LONE_SURROGATE.test(value)) return 'must be well-formed unicode text';
  if ((options.multiLine ? CONTROL : CONTROL_OR_LINE_BREAK).test(value)) return 'must not contain control characters';
  return undefined;
}

export interface TextOptions {
  /** The longest accepted value, in UTF-16 code units (what `String.length` counts). */
  max: number;
  /** At least this long after trimming; 1 makes the field required. */
  min?: number;
  multiLine?: boolean;
  /** The message for a missing or empty value, when the field's own wording is better. */
  required?: string;
}

/**
 * A trimmed string field named `field` in messages: the shared text rule plus its length limits.
 * Every string a client sends goes through this (or a stricter regex), never a bare `z.string()`.
 */
export function text(field: string, { max, min = 0, multiLine = false, required }: TextOptions) {
  const missing = required ?? `${field} is required.`;
  return z
    .string(min > 0 ? missing : `${field} must be text.`)
    .superRefine((value, ctx) => {
      const problem = textProblem(value, { multiLine });
      if (problem) ctx.addIssue({ code: 'custom', message: `${field} ${problem}.`, continue: false });
    })
    .trim()
    .min(min, missing)
    .max(max, `${field} must be at most ${max} characters.`);
}

/** A UUID path parameter or field, lower-cased so that an upper-case copy finds the same row. */
export const uuid = (message: string) => z.uuid(message).transform((id) => id.toLowerCase());

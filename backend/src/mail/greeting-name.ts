/** A name a person could have: letters (any script, with their accents), spaces, apostrophes, hyphens. */
const NAME = /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u;
/** Longer than any first name: a sentence run together, not a name. */
const MAX_FIRST_NAME = 30;

/**
 * The first name to greet someone by in an email, or undefined to greet nobody by name. The name is
 * typed by whoever filled the form, not necessarily the person the email goes to, so anything that
 * could carry a link or a message ("Hello friend. Your account is locked: verify at …") is left out:
 * only a name made of letters, single spaces, apostrophes and hyphens, and then only its first word.
 */
export function greetingName(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!NAME.test(trimmed)) return undefined;
  const first = trimmed.split(' ')[0]!;
  return first.length <= MAX_FIRST_NAME ? first : undefined;
}

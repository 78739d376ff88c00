import { z } from 'zod';
import { CATEGORIES, normalizeCategory } from '../catalog';
import { invalid } from '../platform/errors/domain-error';
import { parseCents } from '../platform/money';
import { text } from '../platform/validation/text';
import type { DiscountTerms } from './discount.events';
import { normalizeCode } from './rules';

/** What shoppers type, kept in upper case: letters, digits, '-' and '_'. */
export const discountCode = text('code', { min: 2, max: 40 })
  .transform(normalizeCode)
  .refine((code) => /^[A-Z0-9][A-Z0-9_-]*$/.test(code), 'code may hold only letters, digits, - and _.');

/** An instant with its offset or `Z`, kept as UTC ISO text; empty or null is none. */
const instant = (field: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z.iso
      .datetime({ offset: true, error: `${field} must be a date and time such as 2026-10-31T00:00:00-04:00.` })
      .transform((value) => new Date(value).toISOString())
      .nullable(),
  );

/** Dollars as "50.00", "50" or 50, to cents; empty or null is none. */
const dollars = (field: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .union([z.string(), z.number()], `${field} must be an amount in dollars such as 50.00.`)
      .transform((value, ctx) => {
        const cents = parseCents(String(value));
        if (cents === undefined) {
          ctx.addIssue({ code: 'custom', message: `${field} must be an amount in dollars such as 50.00.` });
          return z.NEVER;
        }
        return cents;
      })
      .nullable(),
  );

const category = z.string('categories must be category slugs.').transform((value, ctx) => {
  const slug = normalizeCategory(value);
  if (!slug) {
    ctx.addIssue({ code: 'custom', message: `categories must be among ${CATEGORIES.map((c) => c.slug).join(', ')}.` });
    return z.NEVER;
  }
  return slug;
});

const fields = {
  type: z.enum(['percentage', 'fixed', 'free-shipping'], "type must be 'percentage', 'fixed' or 'free-shipping'."),
  /** Read with the type (`termsOf`): a percent for a percentage, dollars for a fixed amount. */
  value: z.union([z.number(), text('value', { max: 20 })], 'value must be a number (10 for 10%) or an amount ("5.00").').nullish(),
  minimumSubtotal: dollars('minimumSubtotal').optional(),
  startsAt: instant('startsAt').optional(),
  endsAt: instant('endsAt').optional(),
  usageLimit: z.number('usageLimit must be a number.').int('usageLimit must be a whole number.').min(1, 'usageLimit must be 1 or more.').max(1_000_000).nullish(),
  oncePerCustomer: z.boolean('oncePerCustomer must be true or false.').optional(),
  productIds: z.array(z.number().int().positive(), 'productIds must be a list of product ids.').max(500).optional(),
  categories: z.array(category, 'categories must be a list of category slugs.').max(20).optional(),
  combines: z.boolean('combines must be true or false.').optional(),
  automatic: z.boolean('automatic must be true or false.').optional(),
  description: text('description', { max: 200 }).optional(),
};

/** `POST /api/admin/discounts`: a code, or an automatic sale (`automatic: true`, its code optional). */
export const newDiscountBody = z
  .object({ code: discountCode.optional(), ...fields })
  .refine((body) => body.code !== undefined || body.automatic === true, { message: 'code is required (only an automatic sale may go without one).', path: ['code'] });

/** `PATCH /api/admin/discounts/{code}`: the fields to change (the code itself stays). */
export const discountChangesBody = z
  .object({ ...fields, type: fields.type.optional() })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'Give at least one field to change.');

export type NewDiscountBody = z.infer<typeof newDiscountBody>;
export type DiscountChangesBody = z.infer<typeof discountChangesBody>;

const refused = (message: string) => invalid(message, 'VALIDATION_FAILED');

/** The value as the type reads it: a whole percent, or dollars to cents; free shipping has none. */
function valueOf(type: DiscountTerms['type'], value: number | string): number {
  if (type === 'free-shipping') return 0;
  if (type === 'percentage') {
    const percent = Number(value);
    if (!(Number.isInteger(percent) && percent >= 1 && percent <= 100)) throw refused('value: a percentage discount takes a whole 1 to 100 percent off, e.g. 10.');
    return percent;
  }
  const cents = parseCents(String(value));
  if (cents === undefined || cents < 1) throw refused('value: a fixed discount takes an amount in dollars off, such as "5.00".');
  return cents;
}

/** The terms a request gives, over `base` (the code's terms now, for a change); fields left out keep theirs or take the defaults. */
export function termsOf(body: Partial<Omit<NewDiscountBody, 'code'>>, base?: DiscountTerms): DiscountTerms {
  const type = body.type ?? base?.type ?? 'percentage';
  let value: number;
  if (body.value !== undefined && body.value !== null) value = valueOf(type, body.value);
  else if (type === 'free-shipping') value = 0;
  else if (base && base.type === type) value = base.value;
  else throw refused(`value: give the ${type === 'percentage' ? 'percent' : 'amount'} it takes off.`);
  const pick = <K extends keyof DiscountTerms>(key: K, given: DiscountTerms[K] | undefined, fallback: DiscountTerms[K]): DiscountTerms[K] => given ?? base?.[key] ?? fallback;
  return {
    type,
    value,
    minimumSubtotalCents: body.minimumSubtotal === null ? 0 : pick('minimumSubtotalCents', body.minimumSubtotal, 0),
    startsAt: body.startsAt === null ? null : pick('startsAt', body.startsAt, null),
    endsAt: body.endsAt === null ? null : pick('endsAt', body.endsAt, null),
    usageLimit: body.usageLimit === null ? null : pick('usageLimit', body.usageLimit, null),
    oncePerCustomer: pick('oncePerCustomer', body.oncePerCustomer, false),
    productIds: pick('productIds', body.productIds ? [...new Set(body.productIds)] : undefined, []),
    categories: pick('categories', body.categories ? [...new Set(body.categories)] : undefined, []),
    combines: pick('combines', body.combines, false),
    automatic: pick('automatic', body.automatic, false),
    description: pick('description', body.description, ''),
  };
}

import { z } from 'zod';
import { parseCents } from '../platform/money';
import { CATEGORIES, normalizeCategory } from './categories';

// Control characters break receipts and emails; only the description may hold line breaks.
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;

const name = z
  .string('name is required.')
  .trim()
  .min(1, 'name is required.')
  .max(120, 'name is at most 120 characters.')
  .refine((s) => !CONTROL.test(s), 'name must not contain control characters.');

const description = z
  .string('description must be text.')
  .trim()
  .max(5000, 'description is at most 5000 characters.')
  .refine((s) => !CONTROL_EXCEPT_NEWLINES.test(s), 'description must not contain control characters.');

/** "25", "25.5", "25.00" or 25.5: dollars, parsed to cents without floating point. */
const price = z.union([z.string(), z.number()], 'price is required.').transform((v, ctx) => {
  const cents = parseCents(String(v));
  if (cents === undefined) {
    ctx.addIssue({ code: 'custom', message: 'price must be an amount in dollars such as 25.00.' });
    return z.NEVER;
  }
  return cents;
});

/** An uploaded image (`/uploads/…`), another path of the shop, or an https address. */
const imageUrl = z
  .string('imageUrl must be text.')
  .trim()
  .max(2048, 'imageUrl is too long.')
  .refine((s) => s === '' || /^\/(?!\/)[\w\-./%]+$/.test(s) || /^https:\/\/[^\s"'<>]+$/.test(s), 'imageUrl must be a path of this shop or an https address.');

const category = z.string('category must be text.').transform((v, ctx) => {
  const slug = normalizeCategory(v);
  if (!slug) {
    ctx.addIssue({ code: 'custom', message: `category must be one of ${CATEGORIES.map((c) => c.slug).join(', ')}.` });
    return z.NEVER;
  }
  return slug;
});

const stockQuantity = z
  .number('stockQuantity must be a number.')
  .int('stockQuantity must be a whole number.')
  .min(0, 'stockQuantity must be 0 or more.')
  .max(100_000, 'stockQuantity must be at most 100000.');

export const newProductBody = z.object({
  name,
  description: description.default(''),
  price,
  imageUrl: imageUrl.default(''),
  category: category.default('other'),
  inStock: z.boolean('inStock must be true or false.').optional(),
  stockQuantity: stockQuantity.default(0),
});

export const productChangesBody = z
  .object({ name, description, price, imageUrl, category })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Give at least one of name, description, price, imageUrl, category.');

export const stockBody = z.object({
  inStock: z.boolean('inStock must be true or false.').optional(),
  stockQuantity,
});

export const productIdParam = z
  .string()
  .regex(/^\d{1,9}$/, 'The product id must be a whole number.')
  .transform(Number);

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

/** The studio's words on how its sizes fit: plain text with line breaks, '' for none. */
const sizeGuide = z
  .string('sizeGuide must be text.')
  .trim()
  .max(3000, 'sizeGuide is at most 3000 characters.')
  .refine((s) => !CONTROL_EXCEPT_NEWLINES.test(s), 'sizeGuide must not contain control characters.');

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

const label = (what: string) =>
  z
    .string(`${what} must be text.`)
    .trim()
    .min(1, `${what} must not be empty.`)
    .max(60, `${what} is at most 60 characters.`)
    .refine((s) => !CONTROL.test(s), `${what} must not contain control characters.`);

/** Size: S, M, L, XL — up to three, in the order shoppers see them. */
const options = z
  .array(
    z.object({ name: label('An option name'), values: z.array(label('An option value'), 'An option needs its values.').min(1, 'An option needs at least one value.').max(50) }),
    'options must be a list.',
  )
  .max(3, 'A product has at most 3 options.');

const images = z.array(imageUrl, 'images must be a list of picture addresses.').max(20, 'A product has at most 20 pictures.');

/** The studio sells the product at $0.00: without it, its variants priced $0.00 are not listed or sold online. */
const allowZeroPrice = z.boolean('allowZeroPrice must be true or false.');

/** `draft`: not listed, sold nor written to Square until published; `active` (the default for a new product): on sale. */
const status = z.enum(['draft', 'active'], 'status must be draft or active.');

const sku = z.string('sku must be text.').trim().max(64, 'sku is at most 64 characters.').optional();

/** One row of the variants table: an `id` names a variant that exists (an edit), none adds one. */
const variant = z.object({
  id: z.string('A variant id must be text.').max(40).optional(),
  options: z.record(z.string(), z.string(), 'A variant needs its option values.').default({}),
  price,
  stockQuantity: stockQuantity.optional(),
  inStock: z.boolean('inStock must be true or false.').optional(),
  sku,
  imageUrl: imageUrl.optional(),
});
const variants = z.array(variant, 'variants must be a list.').min(1, 'A product needs at least one variant.').max(100, 'A product has at most 100 variants.');

export const newProductBody = z
  .object({
    name,
    description: description.default(''),
    price: price.optional(),
    imageUrl: imageUrl.default(''),
    images: images.optional(),
    category: category.default('other'),
    inStock: z.boolean('inStock must be true or false.').optional(),
    stockQuantity: stockQuantity.default(0),
    options: options.default([]),
    variants: variants.optional(),
    allowZeroPrice: allowZeroPrice.optional(),
    status: status.default('active'),
    sizeGuide: sizeGuide.optional(),
  })
  .refine((b) => b.price !== undefined || b.variants !== undefined, { message: 'price is required.', path: ['price'] });

export const productChangesBody = z
  .object({ name, description, price, imageUrl, images, category, options, variants, allowZeroPrice, sizeGuide, status })
  .partial()
  .refine(
    (b) => Object.values(b).some((v) => v !== undefined),
    'Give at least one of name, description, price, imageUrl, images, category, options, variants, allowZeroPrice, sizeGuide, status.',
  );

export const stockBody = z.object({
  inStock: z.boolean('inStock must be true or false.').optional(),
  stockQuantity,
});

export const variantIdParam = z.string().max(40, 'The variant id is too long.');

export const productIdParam = z
  .string()
  .regex(/^\d{1,9}$/, 'The product id must be a whole number.')
  .transform(Number);

/** `POST /api/admin/stock-alerts/dismiss`: the alert the studio dealt with, as the alerts list names it. */
export const dismissStockAlertBody = z.strictObject({
  productId: z.int('productId is required.').positive(),
  variantId: variantIdParam,
  alert: z.string('alert is required.').min(1, 'alert is required.').max(200, 'alert is too long.'),
});

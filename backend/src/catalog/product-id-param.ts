import { z } from 'zod';

/** A product id in a path: the storefront's whole-number ids (nine digits at most, so never past a 32-bit integer). */
export const productIdParam = z
  .string()
  .regex(/^\d{1,9}$/, 'The product id must be a whole number.')
  .transform(Number);

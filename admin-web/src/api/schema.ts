/**
 * The shop's API types. They are generated once, into the storefront's `src/api/schema.d.ts`
 * (`npm run api:types`), and the admin app reads the same file: one shape, declared once.
 */
export type * from '../../../widgets/src/api/schema';

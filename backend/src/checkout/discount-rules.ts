// The discount codes' own rules: checkout prices with them.
export { normalizeCode, percentOffCents } from '../discounts/rules';

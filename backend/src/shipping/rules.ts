/** Shipping's pure rules, for other modules' pricing: no Nest, so the rules that use them load alone (see catalog/rules.ts). */
export { assertUsZip, shippingCostCents } from './shipping-rates';

export { DiscountsModule } from './discounts.module';
export { DiscountCodes } from './discount-codes';
export { DiscountsReader } from './discounts.reader';
export { assertOn, assertUseLeft, unknownCode, usedByEmail } from './discount.decider';
export type { ActiveDiscount, DiscountState } from './discount.decider';
export { DISCOUNT_STREAM_TYPE } from './discount.events';
export type { DiscountTerms, DiscountType } from './discount.events';
export { discountOn, normalizeCode, percentOffCents } from './rules';
export type { DiscountAmount, DiscountLine } from './rules';

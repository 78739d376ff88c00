export { SquareModule } from './square.module';
export { SQUARE_SETTINGS } from './square-settings';
export type { SquareSettings } from './square-settings';
export { SquareRefundReported, type ReportedRefund } from './refunds/square-refund-reported';

export { SquareModule } from './square.module';
export { SQUARE_SETTINGS } from './square-settings';
export type { SquareSettings } from './square-settings';
export { SquareRefundReports, type RefundRecorder, type ReportedRefund } from './refunds/square-refund-reports';
export { SquarePayments, type SquareAnswer, type SquarePayment, type SquarePaymentSearch, type SquareRefund } from './payments';
export type { SquareFailure } from './square-errors';
export { SquareCustomers, type NewCustomer } from './customers';
export { SquareOrders, type CreatedOrder, type SquareOrder } from './orders';

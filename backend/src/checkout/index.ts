export { CheckoutModule } from './checkout.module';
export { OrderReader } from './order.reader';
export { CheckoutReconciler } from './checkout-reconciler';
export { OrderConfirmationJob } from './order-confirmation.job';
export type { OrderDto } from './checkout.responses';
export { toOrderDto } from './order.view';

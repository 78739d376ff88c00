export { CheckoutModule } from './checkout.module';
export { CheckoutReconciler } from './checkout-reconciler';
export type { OrderDto } from './checkout.responses';

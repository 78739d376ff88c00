export { CheckoutModule } from './checkout.module';
export { CheckoutReconciler } from './checkout-reconciler';

export { OrdersModule } from './orders.module';
export { OrderReader } from './order.reader';
export { OrderConfirmationJob } from './order-confirmation.job';
export { toOrderDto } from './order.view';

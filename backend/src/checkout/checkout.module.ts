import { Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { CartModule } from '../cart';
import { NewsletterModule } from '../newsletter';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { CardPayments } from './card-payments';
import { AdminOrdersController } from './admin-orders.controller';
import { AdminOrderDetails } from './admin-order-details';
import { AdminDashboardController } from './admin-dashboard.controller';
import { DashboardReader } from './dashboard.reader';
import { FulfilmentEmailJob } from './fulfilment-email.job';
import { OrderStatusController } from './order-status.controller';
import { CheckoutController } from './checkout.controller';
import { CheckoutProcess } from './checkout-process';
import { CheckoutReconciler } from './checkout-reconciler';
import { CheckoutService } from './checkout.service';
import { Discounts } from './discounts';
import { OrderConfirmationJob } from './order-confirmation.job';
import { OrderEmailContexts } from './order-email-context';
import { OrderEmails } from './order-emails';
import { OrderLineImages } from './order-line-images';
import { OrderRefunds } from './order-refunds';
import { OrderStatusLinks } from './order-status-links';
import { OrderStatusPage } from './order-status-page';
import { RefundEmailJob } from './refund-email.job';
import { RefundRestockJob } from './refund-restock.job';
import { SquareRefundReportedHandler } from './square-refund-reported.handler';
import { OrderProjection } from './order.projection';
import { OrderNumbers } from './order-numbers';
import { OrderReader } from './order.reader';
import { OrderViewSchema } from './order.view';

/** Payments and orders: the reserve → charge → record checkout, its reconciliation and the confirmation email. */
@Module({
  imports: [MikroOrmModule.forFeature([OrderViewSchema]), NewsletterModule, CartModule],
  controllers: [CheckoutController, AdminOrdersController, AdminDashboardController, OrderStatusController],
  providers: [Discounts, CardPayments, OrderNumbers, CheckoutProcess, CheckoutService, CheckoutReconciler, OrderConfirmationJob, OrderRefunds, RefundEmailJob, RefundRestockJob, OrderProjection, OrderReader, OrderStatusLinks, OrderEmailContexts, OrderEmails, OrderLineImages, AdminOrderDetails, DashboardReader, FulfilmentEmailJob, OrderStatusPage, SquareRefundReportedHandler],
  exports: [OrderReader, CheckoutReconciler, OrderConfirmationJob],
})
export class CheckoutModule implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionRegistry,
    private readonly projection: OrderProjection,
  ) {}

  onModuleInit(): void {
    this.projections.register(this.projection);
  }
}

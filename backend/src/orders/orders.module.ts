import { Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { CatalogModule } from '../catalog';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { AdminDashboardController } from './admin-dashboard.controller';
import { AdminOrderDetails } from './admin-order-details';
import { AdminOrdersController } from './admin-orders.controller';
import { AdminSquareBooksController } from './admin-square-books.controller';
import { SquareBooksCheck } from './square-books-check';
import { AdminSquareOrder } from './admin-square-order';
import { DashboardReader } from './dashboard.reader';
import { FulfillmentEmailJob } from './fulfillment-email.job';
import { OrderConfirmationJob } from './order-confirmation.job';
import { OrderEmailContexts } from './order-email-context';
import { OrderEmails } from './order-emails';
import { OrderLineImages } from './order-line-images';
import { OrderNumbers } from './order-numbers';
import { Orders } from './orders';
import { OrderRefunds } from './order-refunds';
import { OrderStatusLinks } from './order-status-links';
import { OrderStatusPage } from './order-status-page';
import { OrderStatusController } from './order-status.controller';
import { orderProjection } from './order.projection';
import { OrderReader } from './order.reader';
import { OrderViewSchema } from './order.view';
import { RefundEmailJob } from './refund-email.job';
import { RefundRestockJob } from './refund-restock.job';
import { SquareRefundRecorder } from './square-refund-recorder';
import { SquareOrderNumberJob } from './square-order-number.job';
import { SquareOrderNumbering } from './square-order-numbering';
import { SquareFulfillmentJob } from './square-fulfillment.job';
import { SquareFulfillmentRecorder } from './square-fulfillment-recorder';
import { SquareFulfillmentSweep } from './square-fulfillment-sweep.job';

/** Orders after the sale: the order stream and its view, admin orders and the dashboard, fulfilment (kept in step with the Square order's), refunds, order emails and the status page. */
@Module({
  imports: [MikroOrmModule.forFeature([OrderViewSchema]), CatalogModule],
  controllers: [AdminOrdersController, AdminDashboardController, OrderStatusController, AdminSquareBooksController],
  providers: [
    Orders,
    OrderNumbers,
    OrderConfirmationJob,
    OrderRefunds,
    RefundEmailJob,
    RefundRestockJob,
    OrderReader,
    OrderStatusLinks,
    OrderEmailContexts,
    OrderEmails,
    OrderLineImages,
    AdminOrderDetails,
    DashboardReader,
    FulfillmentEmailJob,
    OrderStatusPage,
    SquareRefundRecorder,
    SquareOrderNumbering,
    SquareOrderNumberJob,
    SquareBooksCheck,
    AdminSquareOrder,
    SquareFulfillmentJob,
    SquareFulfillmentRecorder,
    SquareFulfillmentSweep,
  ],
  exports: [Orders, OrderReader, OrderNumbers, OrderRefunds, OrderStatusLinks, OrderConfirmationJob, SquareOrderNumbering],
})
export class OrdersModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(orderProjection);
  }
}

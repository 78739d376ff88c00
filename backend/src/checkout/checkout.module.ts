import { Module } from '@nestjs/common';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { NewsletterModule } from '../newsletter';
import { OrdersModule } from '../orders';
import { BooksOrders } from './books-orders';
import { CardPayments } from './card-payments';
import { CheckoutController } from './checkout.controller';
import { CheckoutProcess } from './checkout-process';
import { CheckoutReconciler } from './checkout-reconciler';
import { CheckoutService } from './checkout.service';
import { Discounts } from './discounts';

/** Payment: the reserve → charge → record checkout and its reconciliation. */
@Module({
  imports: [NewsletterModule, CartModule, CatalogModule, OrdersModule],
  controllers: [CheckoutController],
  providers: [Discounts, CardPayments, BooksOrders, CheckoutProcess, CheckoutService, CheckoutReconciler],
  exports: [CheckoutReconciler],
})
export class CheckoutModule {}

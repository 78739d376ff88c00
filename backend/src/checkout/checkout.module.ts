import { Module } from '@nestjs/common';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { DiscountsModule } from '../discounts';
import { NewsletterModule } from '../newsletter';
import { OrdersModule } from '../orders';
import { BooksOrders } from './books-orders';
import { CardPayments } from './card-payments';
import { CheckoutController } from './checkout.controller';
import { CheckoutProcess } from './checkout-process';
import { CheckoutReconciler } from './checkout-reconciler';
import { CheckoutService } from './checkout.service';
import { Discounts } from './discounts';
import { NewsletterCode } from './newsletter-code';

/** Payment: the reserve → charge → record checkout and its reconciliation. */
@Module({
  imports: [NewsletterModule, CartModule, CatalogModule, OrdersModule, DiscountsModule],
  controllers: [CheckoutController],
  providers: [Discounts, NewsletterCode, CardPayments, BooksOrders, CheckoutProcess, CheckoutService, CheckoutReconciler],
  exports: [CheckoutReconciler],
})
export class CheckoutModule {}

import { Injectable, OnModuleInit } from '@nestjs/common';
import { StorefrontPages } from '../site';
import { OrderReader } from './order.reader';
import { OrderStatusLinks } from './order-status-links';

/** The storefront's `/order-status/<token>` page: a link this shop signed, for a placed order; anything else is the 404 page. (Tokens are base64url and dots: never percent-encoded.) */
export const ORDER_STATUS_PAGE = /^\/order-status\/([^/]{1,200})$/;

@Injectable()
export class OrderStatusPage implements OnModuleInit {
  constructor(
    private readonly pages: StorefrontPages,
    private readonly links: OrderStatusLinks,
    private readonly orders: OrderReader,
  ) {}

  onModuleInit(): void {
    this.pages.register(ORDER_STATUS_PAGE, async ([, token]) => {
      const orderId = this.links.orderOf(token);
      return orderId !== undefined && (await this.orders.byId(orderId))?.status === 'placed';
    });
  }
}

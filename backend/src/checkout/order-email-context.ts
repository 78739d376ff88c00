import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetProductQuery } from '../catalog';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { OrderTerms } from './order.events';
import { OrderStatusLinks } from './order-status-links';

/** What every email about an order needs beyond the order itself: where the shop is, the order's status link, each line's image. */
export interface OrderEmailContext {
  publicUrl: string;
  /** The signed link to the order's status page: the email's "View your order" button. */
  statusUrl: string;
  /** Each line's product image as an absolute URL, by line index; null for a product no longer in the catalogue. */
  lineImages: (string | null)[];
  /** CONTACT_EMAIL, for the email's footer (absent or null: the footer asks for a reply). */
  contactEmail?: string | null;
}

@Injectable()
export class OrderEmailContexts {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly links: OrderStatusLinks,
    private readonly queries: QueryBus,
  ) {}

  async of(order: Pick<OrderTerms, 'orderId' | 'lines'>): Promise<OrderEmailContext> {
    const publicUrl = this.config.publicUrl;
    const lineImages = await Promise.all(
      order.lines.map(async (l) => {
        const url = (await this.queries.execute(new GetProductQuery(l.productId)))?.imageUrl;
        if (!url) return null;
        return url.startsWith('/') ? `${publicUrl}${url}` : url;
      }),
    );
    return { publicUrl, statusUrl: this.links.urlFor(order.orderId), lineImages, contactEmail: this.config.CONTACT_EMAIL ?? null };
  }
}

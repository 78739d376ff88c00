import { Injectable } from '@nestjs/common';
import { emailImageUrls, Products } from '../catalog';
import { Mail } from '../mail';
import type { OrderTerms } from './order.events';
import { OrderStatusLinks } from './order-status-links';

/** What every email about an order needs beyond the order itself: where the shop is, the order's status link, each line's image. */
export interface OrderEmailContext {
  publicUrl: string;
  /** The signed link to the order's status page: the email's "View your order" button. */
  statusUrl: string;
  /** Each line's picture as a PNG the shop draws for mail clients (`/email-images/<productId>.png`), by line index; null for a product no longer in the catalogue or without a picture. */
  lineImages: (string | null)[];
  /** CONTACT_EMAIL, for the email's footer (absent or null: the footer asks for a reply). */
  contactEmail?: string | null;
}

@Injectable()
export class OrderEmailContexts {
  constructor(
    private readonly mail: Mail,
    private readonly links: OrderStatusLinks,
    private readonly products: Products,
  ) {}

  async of(order: Pick<OrderTerms, 'orderId' | 'lines'>): Promise<OrderEmailContext> {
    const { publicUrl, contactEmail } = this.mail.shop;
    const lineImages = await emailImageUrls(
      this.products,
      publicUrl,
      order.lines.map((l) => l.productId),
    );
    return { publicUrl, statusUrl: this.links.urlFor(order.orderId), lineImages, contactEmail };
  }
}

import { Injectable } from '@nestjs/common';
import { Products } from '../catalog';
import type { OrderLine } from './order.events';

/**
 * Each line's product picture as the shop's own pages show it (the catalogue's URL, relative for
 * the shop's files), by line index; null for a product no longer in the catalogue. Emails use
 * pictures of their own (`OrderEmailContexts`).
 */
@Injectable()
export class OrderLineImages {
  constructor(private readonly products: Products) {}

  of(lines: readonly OrderLine[]): Promise<(string | null)[]> {
    return Promise.all(lines.map(async (l) => (await this.products.picture(l.productId, l.variantId)) || null));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetProductQuery } from '../catalog';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { OrderTerms } from './order.events';

/**
 * Each line's picture as the catalogue holds it (SVG, WebP or Square's JPEG), as an absolute URL,
 * for the pages a browser draws: the order status page and the studio's order page. (The emails
 * link PNGs instead: `OrderEmailContexts`.) Null for a product no longer in the catalogue.
 */
@Injectable()
export class OrderLinePictures {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: QueryBus,
  ) {}

  of(order: Pick<OrderTerms, 'lines'>): Promise<(string | null)[]> {
    return Promise.all(
      order.lines.map(async (l) => {
        const url = (await this.queries.execute(new GetProductQuery(l.productId)))?.imageUrl;
        if (!url) return null;
        return url.startsWith('/') ? `${this.config.publicUrl}${url}` : url;
      }),
    );
  }
}

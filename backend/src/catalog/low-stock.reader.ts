import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';

/** A variant running low: `name` says which ("Raven Hoodie, M"; the product's name alone for a one-variant product). */
export interface LowStockProduct {
  productId: number;
  variantId: string;
  name: string;
  /** Units on sale: on hand less what checkouts hold, as the storefront counts them. */
  stock: number;
  imageUrl: string;
}

@Injectable()
export class LowStockReader {
  constructor(private readonly orm: MikroORM) {}

  /** Variants on sale (drafts are not) with `atOrBelow` units or fewer, fewest first (at most `limit`). */
  lowStock(atOrBelow: number, limit = 50): Promise<LowStockProduct[]> {
    // The same sum as `availableQuantity` in product.view.ts, in SQL so the filter runs in the database.
    return this.orm.em.getConnection().execute<LowStockProduct[]>(
      `select p.id as "productId", v.id as "variantId", case when v.name = '' then p.name else p.name || ', ' || v.name end as name,
              coalesce(nullif(v.image_url, ''), p.image_url) as "imageUrl", greatest(v.stock_quantity - v.reserved_quantity, 0)::int as stock
         from product_variants v join products p on p.id = v.product_id
        where not v.removed and p.status <> 'draft' and greatest(v.stock_quantity - v.reserved_quantity, 0) <= ?
        order by stock, p.name, p.id, v.position limit ?`,
      [atOrBelow, limit],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';

export interface LowStockProduct {
  productId: number;
  name: string;
  /** Units on sale: on hand less what checkouts hold, as the storefront counts them. */
  stock: number;
  imageUrl: string;
}

@Injectable()
export class LowStockReader {
  constructor(private readonly orm: MikroORM) {}

  /** Products with `atOrBelow` units or fewer on sale, fewest first (at most `limit`). */
  lowStock(atOrBelow: number, limit = 50): Promise<LowStockProduct[]> {
    // The same sum as `availableQuantity` in product.view.ts, in SQL so the filter runs in the database.
    return this.orm.em.getConnection().execute<LowStockProduct[]>(
      `select id as "productId", name, image_url as "imageUrl", greatest(stock_quantity - coalesce(reserved_quantity, 0), 0)::int as stock
         from products where greatest(stock_quantity - coalesce(reserved_quantity, 0), 0) <= ?
        order by stock, name, id limit ?`,
      [atOrBelow, limit],
    );
  }
}

import { Query, QueryHandler, IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';

export interface LowStockProduct {
  productId: number;
  name: string;
  /** Units on sale: on hand less what checkouts hold, as the storefront counts them. */
  stock: number;
  imageUrl: string;
}

/** Products with `atOrBelow` units or fewer on sale, fewest first (at most `limit`). */
export class LowStockQuery extends Query<LowStockProduct[]> {
  constructor(
    readonly atOrBelow: number,
    readonly limit = 50,
  ) {
    super();
  }
}

@QueryHandler(LowStockQuery)
export class LowStockHandler implements IQueryHandler<LowStockQuery, LowStockProduct[]> {
  constructor(private readonly orm: MikroORM) {}

  async execute({ atOrBelow, limit }: LowStockQuery): Promise<LowStockProduct[]> {
    // The same sum as `availableQuantity` in product.view.ts, in SQL so the filter runs in the database.
    return this.orm.em.getConnection().execute<LowStockProduct[]>(
      `select id as "productId", name, image_url as "imageUrl", greatest(stock_quantity - coalesce(reserved_quantity, 0), 0)::int as stock
         from products where greatest(stock_quantity - coalesce(reserved_quantity, 0), 0) <= ?
        order by stock, name, id limit ?`,
      [atOrBelow, limit],
    );
  }
}

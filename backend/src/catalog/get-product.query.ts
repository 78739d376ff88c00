import { Query, QueryHandler, IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { availableQuantity } from './product.view';

/** What other modules may know of a product: enough to price it and check its stock (units no checkout holds). */
export interface ProductSnapshot {
  productId: number;
  name: string;
  imageUrl: string;
  priceCents: number;
  inStock: boolean;
  stockQuantity: number;
}

export class GetProductQuery extends Query<ProductSnapshot | undefined> {
  constructor(readonly productId: number) {
    super();
  }
}

/**
 * Reads the table rather than the in-memory cache: stock decisions must not act on a stale copy.
 * One plain statement, no entity: it runs inside every cart command.
 */
@QueryHandler(GetProductQuery)
export class GetProductHandler implements IQueryHandler<GetProductQuery, ProductSnapshot | undefined> {
  constructor(private readonly orm: MikroORM) {}

  async execute({ productId }: GetProductQuery): Promise<ProductSnapshot | undefined> {
    const [row] = await this.orm.em.getConnection().execute<(Omit<ProductSnapshot, 'stockQuantity'> & { onHand: number; reserved: number })[]>(
      `select id as "productId", name, image_url as "imageUrl", price_cents as "priceCents", in_stock as "inStock",
              stock_quantity as "onHand", reserved_quantity as "reserved"
         from products where id = ?`,
      [productId],
    );
    if (!row) return undefined;
    const { onHand, reserved, ...product } = row;
    return { ...product, stockQuantity: availableQuantity({ stockQuantity: onHand, reservedQuantity: reserved }) };
  }
}

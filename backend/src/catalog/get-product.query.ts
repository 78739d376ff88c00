import { Query, QueryHandler, IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { availableQuantity, ProductView } from './product.view';

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

/** Reads the table rather than the in-memory cache: stock decisions must not act on a stale copy. */
@QueryHandler(GetProductQuery)
export class GetProductHandler implements IQueryHandler<GetProductQuery, ProductSnapshot | undefined> {
  constructor(private readonly orm: MikroORM) {}

  async execute({ productId }: GetProductQuery): Promise<ProductSnapshot | undefined> {
    const p = await this.orm.em.fork().findOne(ProductView, { id: productId });
    return p
      ? { productId: p.id, name: p.name, imageUrl: p.imageUrl, priceCents: p.priceCents, inStock: p.inStock, stockQuantity: availableQuantity(p) }
      : undefined;
  }
}

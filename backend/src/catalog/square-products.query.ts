import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Which product each Square catalogue item became: the sync updates it rather than adding another. */
export class SquareProductsQuery extends Query<Map<string, number>> {}

@QueryHandler(SquareProductsQuery)
export class SquareProductsHandler implements IQueryHandler<SquareProductsQuery, Map<string, number>> {
  constructor(private readonly orm: MikroORM) {}

  async execute(): Promise<Map<string, number>> {
    const rows = await (this.orm.em.fork() as EntityManager).execute<{ id: number; square_item_id: string }[]>(
      'select id, square_item_id from products where square_item_id is not null',
    );
    return new Map(rows.map((r) => [r.square_item_id, r.id]));
  }
}

/** The product whose stock follows a Square item variation, if any. */
export class SquareVariationProductQuery extends Query<number | undefined> {
  constructor(readonly squareVariationId: string) {
    super();
  }
}

@QueryHandler(SquareVariationProductQuery)
export class SquareVariationProductHandler implements IQueryHandler<SquareVariationProductQuery, number | undefined> {
  constructor(private readonly orm: MikroORM) {}

  async execute({ squareVariationId }: SquareVariationProductQuery): Promise<number | undefined> {
    const [row] = await this.orm.em.getConnection().execute<{ id: number }[]>('select id from products where square_variation_id = ? order by id limit 1', [squareVariationId]);
    return row?.id;
  }
}

/** A product whose Square count is below zero: the stall sold units the shop had sold too. */
export interface OversoldAtStall {
  productId: number;
  name: string;
  squareCount: number;
  squareCountAt: string | null;
}

export class OversoldAtStallQuery extends Query<OversoldAtStall[]> {}

@QueryHandler(OversoldAtStallQuery)
export class OversoldAtStallHandler implements IQueryHandler<OversoldAtStallQuery, OversoldAtStall[]> {
  constructor(private readonly orm: MikroORM) {}

  execute(): Promise<OversoldAtStall[]> {
    return this.orm.em.getConnection().execute<OversoldAtStall[]>(
      `select id as "productId", name, square_count as "squareCount", square_count_at as "squareCountAt"
         from products where square_count < 0 order by square_count_at desc nulls last, id`,
    );
  }
}

/** Products never linked to Square, by name in lower case: a sync adopts the one of a Square item's name rather than adding its twin. */
export class UnlinkedProductsByNameQuery extends Query<Map<string, number[]>> {}

@QueryHandler(UnlinkedProductsByNameQuery)
export class UnlinkedProductsByNameHandler implements IQueryHandler<UnlinkedProductsByNameQuery, Map<string, number[]>> {
  constructor(private readonly orm: MikroORM) {}

  async execute(): Promise<Map<string, number[]>> {
    const rows = await this.orm.em.getConnection().execute<{ id: number; name: string }[]>('select id, name from products where square_item_id is null order by id');
    const byName = new Map<string, number[]>();
    for (const row of rows) byName.set(sameName(row.name), [...(byName.get(sameName(row.name)) ?? []), row.id]);
    return byName;
  }
}

/** Names compared as a person would: case and surrounding space aside. */
export const sameName = (name: string) => name.trim().toLowerCase();

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

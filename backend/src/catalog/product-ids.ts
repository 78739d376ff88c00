import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Products keep the integer ids the storefront's routes use; a sequence hands them out. */
@Injectable()
export class ProductIds {
  constructor(private readonly orm: MikroORM) {}

  async next(): Promise<number> {
    // Inside a transaction (seeding) the id comes from its connection: the embedded database has only one.
    const [row] = await (this.orm.em.fork({ keepTransactionContext: true }) as EntityManager).execute<{ id: string }[]>("select nextval('product_ids') as id");
    return Number(row.id);
  }
}

import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Products keep the integer ids the storefront's routes use; a sequence hands them out. */
@Injectable()
export class ProductIds {
  constructor(private readonly orm: MikroORM) {}

  async next(): Promise<number> {
    const [row] = await (this.orm.em.fork() as EntityManager).execute<{ id: string }[]>("select nextval('product_ids') as id");
    return Number(row.id);
  }
}

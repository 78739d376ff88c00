import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Transaction } from '../platform/event-store/event-store';

const NEXT_ID = "select nextval('product_ids') as id";

/** Products keep the integer ids the storefront's routes use; a sequence hands them out. */
@Injectable()
export class ProductIds {
  constructor(private readonly orm: MikroORM) {}

  /** Inside a transaction (seeding), from that transaction's connection: the embedded database has only one. */
  async next(tx?: Transaction): Promise<number> {
    const [row] = tx ? await tx.execute<{ id: string }>(NEXT_ID) : await (this.orm.em as EntityManager).getConnection().execute<{ id: string }[]>(NEXT_ID);
    return Number(row.id);
  }
}

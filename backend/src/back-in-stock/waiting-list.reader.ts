import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';

/** Reads of the requests table: who waits for a variant, in the order they asked, and how many wait for each. */
@Injectable()
export class WaitingListReader {
  constructor(private readonly orm: MikroORM) {}

  /** The confirmed requests waiting for a variant, first asked first. */
  async waitingFor(productId: number, variantId: string): Promise<string[]> {
    const rows = await this.orm.em
      .getConnection()
      .execute(`select id from back_in_stock_requests where product_id = ? and variant_id = ? and status = 'confirmed' order by asked_position`, [productId, variantId]);
    return (rows as { id: string }[]).map((r) => r.id);
  }

  /** How many confirmed addresses wait, by variant id (variants nobody waits for are absent). */
  async countsByVariant(): Promise<ReadonlyMap<string, number>> {
    const rows = await this.orm.em.getConnection().execute(`select variant_id as "variantId", count(*)::int as n from back_in_stock_requests where status = 'confirmed' group by variant_id`);
    return new Map((rows as { variantId: string; n: number }[]).map((r) => [r.variantId, r.n]));
  }
}

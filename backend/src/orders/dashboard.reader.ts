import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';

/** A placed order as the dashboard counts it: when it was placed, and what it took less what was refunded. */
export interface PlacedSale {
  placedAt: Date;
  netCents: number;
}

/** The dashboard's reads of the orders table. */
@Injectable()
export class DashboardReader {
  constructor(private readonly orm: MikroORM) {}

  /** Placed orders since `since`, oldest first (the days are cut in the shop's zone by the caller: the database may not know every zone the runtime does). */
  async salesSince(since: Date): Promise<PlacedSale[]> {
    const rows: { placedAt: Date | string; netCents: number }[] = await this.orm.em.getConnection().execute(
      `select coalesce(placed_at, created_at) as "placedAt", (total_cents - refunded_cents)::int as "netCents"
         from orders where status = 'placed' and coalesce(placed_at, created_at) >= ? order by 1`,
      [since],
    );
    return rows.map((r) => ({ placedAt: new Date(r.placedAt), netCents: r.netCents }));
  }

  /** Placed orders neither shipped nor picked up, fully refunded ones excepted. */
  async ordersWaiting(): Promise<number> {
    const [row] = await this.orm.em.getConnection().execute<{ n: number }[]>(
      `select count(*)::int as n from orders
        where status = 'placed' and fulfilment not in ('shipped', 'picked-up') and refund_status is distinct from 'refunded'`,
    );
    return row?.n ?? 0;
  }
}

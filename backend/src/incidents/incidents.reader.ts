import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { IncidentView } from './incident.view';
import type { IncidentDto } from './incidents.responses';

/** The most resolved incidents the admin's list shows (every open one is listed). */
const RESOLVED_LISTED = 200;

/** Reads of the incidents table: the admin's list, one incident, a variant's incidents so far. */
@Injectable()
export class IncidentsReader {
  constructor(private readonly orm: MikroORM) {}

  /** Every open incident, then the latest resolved ones; each newest first. */
  async list(): Promise<IncidentDto[]> {
    const newestFirst = { orderBy: { openedAt: 'desc', id: 'asc' } } as const;
    const [open, resolved] = await Promise.all([
      this.em().find(IncidentView, { resolvedAt: null }, newestFirst),
      this.em().find(IncidentView, { resolvedAt: { $ne: null } }, { ...newestFirst, limit: RESOLVED_LISTED }),
    ]);
    return [...open, ...resolved].map(toDto);
  }

  async one(id: string): Promise<IncidentDto | undefined> {
    const row = await this.em().findOne(IncidentView, { id });
    return row ? toDto(row) : undefined;
  }

  /** Every incident of one variant, oldest first: which one is open, and which orders were settled already. */
  async ofVariant(variantId: string): Promise<{ id: string; open: boolean; orderIds: string[] }[]> {
    const rows = await this.em().find(IncidentView, { variantId }, { orderBy: { openedAt: 'asc', id: 'asc' } });
    return rows.map((r) => ({ id: r.id, open: !r.resolvedAt, orderIds: r.orders.map((o) => o.orderId) }));
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}

function toDto(row: IncidentView): IncidentDto {
  return {
    id: row.id,
    kind: row.kind,
    productId: row.productId,
    variantId: row.variantId,
    name: row.name,
    orders: row.orders.map((o) => o.orderNumber),
    orderIds: row.orders.map((o) => o.orderId),
    squareCount: row.squareCount,
    openedAt: row.openedAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    note: row.note ?? null,
    emailedAt: row.emailedAt ? row.emailedAt.toISOString() : null,
  };
}

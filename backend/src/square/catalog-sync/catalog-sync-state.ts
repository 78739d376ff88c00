import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** An object as one of the shop's writes left it in Square: its id and the version Square answered. */
export interface WrittenObject {
  id: string;
  version: string;
}

/** How long the shop remembers its own writes: far longer than any webhook takes to come, or a sync to follow it. */
const OWN_WRITES_KEPT_DAYS = 30;

/**
 * What the catalogue sync remembers between runs, in PostgreSQL (every process shares it): where
 * the last sync left off in Square's catalogue (Square's own time, the next changes-only read's
 * `begin_time`), and the catalogue versions the shop's own writes made, by which the
 * `catalog.version.updated` they cause, and the objects they left, are told from changes made in Square.
 */
@Injectable()
export class CatalogSyncState {
  constructor(private readonly orm: MikroORM) {}

  private get db() {
    return (this.orm.em as EntityManager).getConnection();
  }

  /** Square's time when the last sync read the catalogue; none before the first. */
  async since(): Promise<string | undefined> {
    const [row] = await this.db.execute<{ since: string }[]>('select since from square_catalog_sync where id = 1');
    return row?.since;
  }

  async leftOffAt(since: string): Promise<void> {
    await this.db.execute('insert into square_catalog_sync (id, since) values (1, ?) on conflict (id) do update set since = excluded.since, synced_at = now()', [since]);
  }

  /** One of the shop's writes to Square: the catalogue version's time Square answered, and the objects at their new versions. */
  async recordOwnWrite(updatedAt: string, objects: WrittenObject[]): Promise<void> {
    await this.db.execute(
      `insert into square_own_catalog_writes (updated_at, objects) values (?::timestamptz, ?::jsonb) on conflict (updated_at) do update set objects = square_own_catalog_writes.objects || excluded.objects`,
      [updatedAt, JSON.stringify(objects)],
    );
    await this.db.execute(`delete from square_own_catalog_writes where written_at < now() - interval '${OWN_WRITES_KEPT_DAYS} days'`);
  }

  /** Whether the catalogue version of that time is one the shop's own write made. */
  async isOwnWrite(updatedAt: string): Promise<boolean> {
    if (Number.isNaN(Date.parse(updatedAt))) return false;
    const [row] = await this.db.execute<unknown[]>('select 1 from square_own_catalog_writes where updated_at = ?::timestamptz', [updatedAt]);
    return row !== undefined;
  }

  /** The versions the shop's own writes after `since` gave each object, by object id. */
  async ownVersionsAfter(since: string): Promise<Map<string, Set<string>>> {
    const rows = await this.db.execute<{ objects: WrittenObject[] }[]>('select objects from square_own_catalog_writes where updated_at > ?::timestamptz', [since]);
    const versions = new Map<string, Set<string>>();
    for (const { id, version } of rows.flatMap((r) => r.objects)) versions.set(id, (versions.get(id) ?? new Set()).add(version));
    return versions;
  }
}

import type { Platform } from '@mikro-orm/core';

/**
 * One statement a projection wants run, described rather than executed: the append sends an
 * event's writes in its own transaction, the rebuild sends hundreds of them per round trip.
 */
export interface SqlWrite {
  sql: string;
  params: readonly unknown[];
}

export const write = (sql: string, ...params: unknown[]): SqlWrite => ({ sql, params });

/** A jsonb parameter (`?::jsonb`): the JSON text, or SQL null for a missing value. */
export const json = (value: unknown): string | null => (value == null ? null : JSON.stringify(value));

/** `insert into <table> (<columns>) values (…)` for the given column values. */
export function insertRow(table: string, values: Record<string, unknown>): SqlWrite {
  const columns = Object.keys(values);
  return { sql: `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`, params: Object.values(values) };
}

/** `update <table> set … where id = ?` for the given column values; undefined ones are left alone. */
export function updateById(table: string, id: unknown, values: Record<string, unknown>): SqlWrite {
  const set = Object.entries(values).filter(([, v]) => v !== undefined);
  return { sql: `update ${table} set ${set.map(([c]) => `${c} = ?`).join(', ')} where id = ?`, params: [...set.map(([, v]) => v), id] };
}

/** Event fields renamed to their columns; fields the map does not name are not columns and are dropped. */
export function toColumns(data: object, columns: Readonly<Record<string, string>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).flatMap(([k, v]) => (columns[k] ? [[columns[k], v]] : [])));
}

/**
 * Writes as one multi-statement simple query, values inlined by MikroORM's own escaping (as every
 * `em.execute` already sends them): one round trip however many statements.
 */
export function toScript(platform: Platform, writes: readonly SqlWrite[]): string {
  return writes.map((w) => platform.formatQuery(w.sql, w.params as unknown[])).join(';\n');
}

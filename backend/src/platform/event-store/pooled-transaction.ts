import type { MikroORM, Platform } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectionRegistry } from '../projections/projection.registry';
import { toScript } from '../projections/sql-write';
import type { OutboxRoutes } from '../outbox/outbox-routes';
import { AppendRequest, appendStatement } from './append-statement';
import { ConcurrencyError } from './concurrency.error';
import { EventRow, toRecordedEvent } from './event-row';
import { GroupRolledBack } from './group-commit';
import type { RecordedEvent } from './recorded-event';

const UNIQUE_VIOLATION = '23505';

/** The driver's connection, as the pool hands it out. */
interface PgConnection {
  query(sql: string): Promise<{ rows: unknown[]; command?: string } | { rows: unknown[] }[]>;
  /** Knex's own mark for a connection its pool must not hand out again. */
  __knex__disposed?: unknown;
}

/** An error PostgreSQL answered for one statement: the transaction is aborted, the session fine. */
const isStatementError = (error: unknown) => (error as { severity?: string }).severity === 'ERROR';

/**
 * A group of appends in a transaction of its own, in two round trips: `begin` with the append
 * statement, then the projections' statements with `commit`. Both are multi-statement simple
 * queries with values inlined by MikroORM's escaping, which is how `em.execute` sends them too.
 * The connection is taken from the ORM's pool directly because MikroORM's `transactional` would
 * send `begin` and `commit` as round trips of their own.
 */
export async function writeInPooledTransaction(
  orm: MikroORM,
  projections: ProjectionRegistry,
  routes: OutboxRoutes,
  requests: readonly AppendRequest[],
): Promise<(RecordedEvent[] | undefined)[]> {
  const em = orm.em as EntityManager;
  const platform = em.getPlatform();
  const convert = (error: unknown) => em.getDriver().convertException(error as Error);
  const client = em.getConnection().getKnex().client;
  const statement = appendStatement(requests, routes);
  const connection = (await client.acquireConnection()) as PgConnection;

  const rollback = async (cause: unknown) => {
    // A session that cannot even roll back is not given to anyone else.
    await connection.query('rollback').catch(() => (connection.__knex__disposed = cause));
  };
  try {
    let rows: EventRow[];
    try {
      const results = (await connection.query(`begin;\n${platform.formatQuery(statement.sql, statement.params)}`)) as { rows: unknown[] }[];
      rows = results[1].rows as EventRow[];
    } catch (error) {
      // COMMIT was not sent: whatever happened, nothing of this group is stored.
      await rollback(error);
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new GroupRolledBack(new ConcurrencyError(requests[0].stream.id, requests[0].expectedVersion));
      throw new GroupRolledBack(convert(error));
    }

    const recorded = statement.rowsOf(rows).map((own) => own?.map(toRecordedEvent));
    let script: string;
    try {
      script = toScript(platform, projections.writesFor(recorded.flatMap((events) => events ?? [])));
    } catch (error) {
      await rollback(error);
      throw new GroupRolledBack(error);
    }

    try {
      await connection.query(script ? `${script};\ncommit` : 'commit');
    } catch (error) {
      // A statement refused before COMMIT leaves nothing stored; a lost connection leaves it unknown.
      if (!isStatementError(error)) {
        connection.__knex__disposed = error;
        throw convert(error);
      }
      await rollback(error);
      throw new GroupRolledBack(convert(error));
    }
    return recorded;
  } finally {
    await client.releaseConnection(connection);
  }
}

/** Runs one statement (or several, `;`-separated) on the transaction's connection: the last one's rows. */
export type TransactionQuery = (sql: string) => Promise<unknown[]>;

/** One append and its projections, inside a transaction `inPooledTransaction` holds open. */
export async function appendOnConnection(
  query: TransactionQuery,
  platform: Platform,
  projections: ProjectionRegistry,
  routes: OutboxRoutes,
  request: AppendRequest,
): Promise<RecordedEvent[]> {
  const statement = appendStatement([request], routes);
  let rows: EventRow[];
  try {
    rows = (await query(platform.formatQuery(statement.sql, statement.params))) as EventRow[];
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new ConcurrencyError(request.stream.id, request.expectedVersion);
    throw error;
  }
  const [own] = statement.rowsOf(rows);
  if (!own) throw new ConcurrencyError(request.stream.id, request.expectedVersion);
  const events = own.map(toRecordedEvent);
  const script = toScript(platform, projections.writesFor(events));
  if (script) await query(script);
  return events;
}

/**
 * Runs `work` in a transaction of its own on one connection from the ORM's pool, which `work`
 * queries through: committed if `work` resolves, rolled back if it throws. Not MikroORM's
 * `transactional`, which finds its transaction through an AsyncLocalStorage that, once enabled,
 * costs every promise of the process a hook.
 */
export async function inPooledTransaction<T>(orm: MikroORM, work: (query: TransactionQuery) => Promise<T>): Promise<T> {
  const client = (orm.em as EntityManager).getConnection().getKnex().client;
  const connection = (await client.acquireConnection()) as PgConnection;
  const query: TransactionQuery = async (sql) => {
    const results = await connection.query(sql);
    return (Array.isArray(results) ? results.at(-1)! : results).rows;
  };
  try {
    let result: T;
    try {
      await connection.query('begin');
      result = await work(query);
    } catch (error) {
      await connection.query('rollback').catch(() => (connection.__knex__disposed = error));
      throw error;
    }
    const committed = (await connection.query('commit').catch((error) => {
      // Lost while committing, perhaps after the commit: this session is not handed out again.
      connection.__knex__disposed = error;
      throw error;
    })) as { command?: string };
    // PostgreSQL answers COMMIT with ROLLBACK when a statement failed and `work` went on regardless.
    if (committed.command === 'ROLLBACK') throw new Error('The transaction was rolled back: a statement in it had failed.');
    return result;
  } finally {
    await client.releaseConnection(connection);
  }
}

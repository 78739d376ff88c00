import type { MikroORM, Platform } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectionRegistry } from '../projections/projection.registry';
import { toScript } from '../projections/sql-write';
import type { OutboxRoutes } from '../outbox/outbox-routes';
import { AppendRequest, appendStatement, staleRequests } from './append-statement';
import { ConcurrencyError } from './concurrency.error';
import { EventRow, toRecordedEvent } from './event-row';
import { GroupRolledBack } from './group-commit';
import type { RecordedEvent } from './recorded-event';

/**
 * Two transactions appended to a stream at the same version: the second to insert waits for the
 * first and is then refused by the events' unique `(stream_id, version)` (a projection's unique
 * violation is not this).
 */
const isVersionClash = (error: unknown) => {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'events_stream_version_unique';
};

/** The driver's connection, as the pool hands it out. */
interface PgConnection {
  query(sql: string): Promise<{ rows: unknown[]; command?: string } | { rows: unknown[] }[]>;
  /** Knex's own mark for a connection its pool must not hand out again. */
  __knex__disposed?: unknown;
}

/** An error PostgreSQL answered for one statement: the transaction is aborted, the session fine. */
const isStatementError = (error: unknown) => (error as { severity?: string }).severity === 'ERROR';

/**
 * A group of appends and their projections in a transaction of its own, in one round trip:
 * `begin`, the append statement, the projections' statements and `commit` as one multi-statement
 * simple query, values inlined by MikroORM's escaping (which is how `em.execute` sends them too).
 * The projections are written from the events as they will be stored, which the append then
 * stores all or none: requests whose streams moved on are left out (undefined in the answer) and
 * the rest sent again, on the same connection. The connection is taken from the ORM's pool
 * directly because MikroORM's `transactional` would send `begin` and `commit` as round trips of
 * their own. Beside each request's events: whether they got outbox rows.
 */
export async function writeInPooledTransaction(
  orm: MikroORM,
  projections: ProjectionRegistry,
  routes: OutboxRoutes,
  requests: readonly AppendRequest[],
  origin: string,
): Promise<{ recorded: (RecordedEvent[] | undefined)[]; queued: boolean[] }> {
  const em = orm.em as EntityManager;
  const platform = em.getPlatform();
  const convert = (error: unknown) => em.getDriver().convertException(error as Error);
  const client = em.getConnection().getKnex().client;
  const connection = (await client.acquireConnection()) as PgConnection;
  const recorded: (RecordedEvent[] | undefined)[] = requests.map(() => undefined);
  const queued = requests.map(() => false);
  // The requests still to write, by their index in `requests`.
  let pending = requests.map((_, index) => index);
  // Whether the connection holds a transaction a refused statement aborted.
  let aborted = false;

  const rollback = async (cause: unknown) => {
    // A session that cannot even roll back is not given to anyone else.
    await connection.query('rollback').catch(() => (connection.__knex__disposed = cause));
  };
  try {
    while (pending.length > 0) {
      const statement = appendStatement(
        pending.map((index) => requests[index]),
        routes,
        origin,
      );
      let script: string;
      try {
        script = toScript(platform, projections.writesFor(statement.projected.flat()));
      } catch (error) {
        if (aborted) await rollback(error);
        throw new GroupRolledBack(error);
      }
      const statements = [...(aborted ? ['rollback'] : []), 'begin', platform.formatQuery(statement.sql, statement.params), ...(script ? [script] : []), 'commit'];
      let rows: EventRow[];
      try {
        const results = (await connection.query(statements.join(';\n'))) as { rows: unknown[] }[];
        rows = results[statements.indexOf('begin') + 1].rows as EventRow[];
      } catch (error) {
        // A lost connection leaves the outcome unknown; a refused statement (COMMIT is the last one) leaves nothing stored.
        if (!isStatementError(error)) {
          connection.__knex__disposed = error;
          throw convert(error);
        }
        const stale = staleRequests(error);
        if (stale) {
          pending = pending.filter((_, position) => !stale.includes(position));
          aborted = true;
          continue;
        }
        await rollback(error);
        if (isVersionClash(error)) throw new GroupRolledBack(new ConcurrencyError(requests[0].stream.id, requests[0].expectedVersion));
        throw new GroupRolledBack(convert(error));
      }
      statement.rowsOf(rows).forEach((own, position) => {
        recorded[pending[position]] = own.map(toRecordedEvent);
        queued[pending[position]] = statement.queued[position];
      });
      return { recorded, queued };
    }
    // Every stream had moved on: nothing was written.
    if (aborted) await rollback(new Error('Every stream of the group had moved on'));
    return { recorded, queued };
  } finally {
    await client.releaseConnection(connection);
  }
}

/** Runs one statement (or several, `;`-separated) on the transaction's connection: the last one's rows. */
export type TransactionQuery = (sql: string) => Promise<unknown[]>;

/** One append and its projections, inside a transaction `inPooledTransaction` holds open; whether its events got outbox rows. */
export async function appendOnConnection(
  query: TransactionQuery,
  platform: Platform,
  projections: ProjectionRegistry,
  routes: OutboxRoutes,
  request: AppendRequest,
  origin: string,
): Promise<{ events: RecordedEvent[]; queued: boolean }> {
  const statement = appendStatement([request], routes, origin);
  let rows: EventRow[];
  try {
    rows = (await query(platform.formatQuery(statement.sql, statement.params))) as EventRow[];
  } catch (error) {
    if (isVersionClash(error) || staleRequests(error)) throw new ConcurrencyError(request.stream.id, request.expectedVersion);
    throw error;
  }
  const events = rows.map(toRecordedEvent);
  const script = toScript(platform, projections.writesFor(events));
  if (script) await query(script);
  return { events, queued: statement.queued[0] };
}

/**
 * Runs `work` in a transaction of its own on one connection from the ORM's pool, which `work`
 * queries through: committed if `work` resolves, rolled back if it throws. Not MikroORM's
 * `transactional`, which finds its transaction through an AsyncLocalStorage that, once enabled,
 * costs every promise of the process a hook. `commitFailed` is told when COMMIT itself failed: the
 * transaction may or may not have committed.
 */
export async function inPooledTransaction<T>(orm: MikroORM, work: (query: TransactionQuery) => Promise<T>, commitFailed?: () => void): Promise<T> {
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
      commitFailed?.();
      throw error;
    })) as { command?: string };
    // PostgreSQL answers COMMIT with ROLLBACK when a statement failed and `work` went on regardless.
    if (committed.command === 'ROLLBACK') throw new Error('The transaction was rolled back: a statement in it had failed.');
    return result;
  } finally {
    await client.releaseConnection(connection);
  }
}

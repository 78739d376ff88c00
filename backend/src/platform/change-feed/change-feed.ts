import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ChangesMissed, StreamCommitted } from './committed-events';

/** The channel every append notifies on, inside its own transaction (delivered at commit). */
export const CHANGE_CHANNEL = 'stream_changes';
/** The channel of the feed's test notices: `instance|sequence`, each process hearing for its own. */
export const CHECK_CHANNEL = 'change_feed_check';

/**
 * What a notification says: this stream now stands at this version, committed by the process whose
 * feed is `origin` (empty from a process older than the origin), with outbox rows or not.
 */
export interface StreamChange {
  streamType: string;
  streamId: string;
  version: number;
  origin: string;
  queued: boolean;
}

const RETRY_MS = [100, 250, 500, 1000, 2000, 5000];

/** What `/api/health` says of the feed. */
export interface ChangeFeedHealth {
  listening: boolean;
  trusted: boolean;
  /** Why the feed is not trusted, and what fixes it; null while trusted. */
  problem: string | null;
}

/**
 * The change feed across processes: one dedicated LISTEN connection per process, so the caches of
 * an API replica see what the worker, another replica or an operator command committed. What it
 * hears it publishes on the `EventBus` (`StreamCommitted`, `ChangesMissed`), where this process's
 * own commits are published too, at commit: a handler hears every commit once, whoever made it (a
 * notice of this process's own commit, which names this feed as its origin, is not published again).
 *
 * A LISTEN that succeeds does not prove notifications arrive: through a transaction-mode pooler
 * (PgBouncer) the LISTEN lands on a server connection handed to someone else at once, and nothing
 * is ever heard. So the feed checks itself: every CHANGE_FEED_CHECK_EVERY_MS it sends a test notice
 * through the pool (as appends notify) and expects it back on its LISTEN connection before the next.
 * The feed is `trusted` only while it listens and its last notice came back; otherwise caches are
 * dropped and readers go to the database, and health says why. The embedded database serves a
 * single connection and a single process, so there the feed carries this process's own commits only.
 */
@Injectable()
export class ChangeFeed implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ChangeFeed');
  /** This feed's name in its test notices and in the notices of this process's appends. */
  readonly origin = randomBytes(6).toString('hex');
  private client: Client | undefined;
  private listening: boolean;
  /** The last test notice came back (always, on the embedded database). */
  private checked: boolean;
  private problem: string | null = null;
  private epoch = 0;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  /** The test notice sent and not yet heard back, and who waits for it. */
  private awaited: { sequence: number; heard: () => void } | undefined;
  private sequence = 0;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly bus: EventBus,
  ) {
    this.listening = config.embeddedDatabase;
    this.checked = config.embeddedDatabase;
  }

  async onModuleInit(): Promise<void> {
    if (this.config.embeddedDatabase) return;
    await this.connect();
    this.checkTimer = setInterval(() => void this.check(), this.config.CHANGE_FEED_CHECK_EVERY_MS);
    this.checkTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.checkTimer);
    const client = this.client;
    // Forgotten first, so that its 'end' is not taken for a lost connection.
    this.client = undefined;
    this.listening = this.config.embeddedDatabase;
    await client?.end().catch(() => undefined);
  }

  /**
   * Whether caches may answer now: the feed listens and its last test notice came back, so no
   * notification can have been missed. Every cache asks this before answering from memory.
   */
  get trusted(): boolean {
    return this.listening && this.checked;
  }

  health(): ChangeFeedHealth {
    return { listening: this.listening, trusted: this.trusted, problem: this.trusted ? null : this.problem };
  }

  /**
   * Taken before a read that will fill a cache; `stillLive(token)` after it says whether the feed
   * stayed trusted throughout, i.e. whether what was read may be kept.
   */
  token(): number {
    return this.trusted ? this.epoch : -1;
  }

  stillLive(token: number): boolean {
    return token >= 0 && this.trusted && this.epoch === token;
  }

  /** This process's own commits, published at once rather than after the round trip through PostgreSQL. */
  committed(commits: readonly StreamCommitted[]): void {
    for (const commit of commits) this.bus.publish(commit);
  }

  /**
   * A commit of this process ended with its outcome unknown (its connection lost around COMMIT):
   * if it did commit, its notice names this feed and is not published, so caches forget everything
   * instead, and reads already under way are not kept.
   */
  outcomeUnknown(): void {
    this.epoch++;
    this.resetAll();
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.config.LISTEN_DATABASE_URL ?? this.config.databaseUrl, keepAlive: true, application_name: 'dc-change-feed' });
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === CHECK_CHANNEL) return this.heard(message.payload);
      if (message.channel !== CHANGE_CHANNEL) return;
      const change = parseChange(message.payload);
      // This process's own commits were published when they committed.
      if (change && change.origin !== this.origin) this.bus.publish(new StreamCommitted(change.streamType, change.streamId, change.version, undefined, change.queued));
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGE_CHANNEL}; listen ${CHECK_CHANNEL}`);
    } catch (error) {
      this.problem = `The change feed cannot listen (${(error as Error).message}); caches read the database until it can.`;
      this.logger.warn(this.problem);
      this.lost(client);
      return;
    }
    if (this.client !== client || this.stopped) return;
    this.listening = true;
    if (this.attempt > 0) this.logger.log('Listening for changes again.');
    this.attempt = 0;
    // Trusted once a test notice comes back (whatever changed before that was never told: the
    // caches start empty then). Waited for here, so a process starts with its caches on.
    await this.check();
  }

  /**
   * Sends a test notice through the pool and waits (at most one interval) for it on the LISTEN
   * connection; one unheard by then means notifications do not arrive. One notice at a time.
   */
  private async check(): Promise<void> {
    if (!this.listening || this.stopped || this.awaited) return;
    const sequence = ++this.sequence;
    const heard = new Promise<void>((resolve) => (this.awaited = { sequence, heard: resolve }));
    try {
      await (this.orm.em as EntityManager).getConnection().execute('select pg_notify(?, ?)', [CHECK_CHANNEL, `${this.origin}|${sequence}`]);
    } catch {
      // The database is away: nothing to judge the feed by (readers fail on their own meanwhile).
      if (this.awaits(sequence)) this.awaited = undefined;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([heard, new Promise((resolve) => (timer = setTimeout(resolve, this.config.CHANGE_FEED_CHECK_EVERY_MS).unref()))]);
    clearTimeout(timer);
    if (!this.awaits(sequence)) return;
    this.awaited = undefined;
    if (this.listening && !this.stopped) this.distrust(this.missedNotice());
  }

  private awaits(sequence: number): boolean {
    return this.awaited?.sequence === sequence;
  }

  private heard(payload: string): void {
    const [instance, sequence] = payload.split('|');
    if (instance !== this.origin || !this.awaited || Number(sequence) !== this.awaited.sequence) return;
    this.awaited.heard();
    this.awaited = undefined;
    if (this.checked) return;
    // Notifications may have been missed until now: caches start again from empty.
    this.epoch++;
    this.resetAll();
    this.checked = true;
    if (this.problem) this.logger.log('The change feed hears its test notices again; caches are on.');
    this.problem = null;
  }

  private distrust(problem: string): void {
    if (problem !== this.problem) this.logger.warn(problem);
    this.problem = problem;
    if (!this.checked) return;
    this.checked = false;
    this.epoch++;
    this.resetAll();
  }

  private missedNotice(): string {
    const within = `within ${this.config.CHANGE_FEED_CHECK_EVERY_MS} ms`;
    return this.config.LISTEN_DATABASE_URL
      ? `The change feed's test notice, sent through DATABASE_URL, did not arrive on its LISTEN connection ${within}: LISTEN_DATABASE_URL must be a direct connection (no transaction-mode pooler) to the same database as DATABASE_URL. Caches read the database meanwhile.`
      : `The change feed's test notice, sent through DATABASE_URL, did not arrive on its LISTEN connection ${within}: DATABASE_URL probably goes through a transaction-mode pooler (such as PgBouncer), which cannot hold a LISTEN. Set LISTEN_DATABASE_URL to a direct connection to PostgreSQL. Caches read the database meanwhile.`;
  }

  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.listening) {
      this.problem = 'The change feed lost its LISTEN connection; caches read the database until it is back.';
      this.logger.warn(this.problem);
    }
    this.listening = false;
    // A new connection is trusted only once a test notice comes back on it.
    this.checked = false;
    this.awaited = undefined;
    this.epoch++;
    this.resetAll();
    if (this.stopped) return;
    const delay = RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)];
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }

  private resetAll(): void {
    this.bus.publish(new ChangesMissed());
  }
}

/**
 * The payload is `type|id|version|origin|jobs`, as the append statement writes it (`jobs`: the
 * outbox rows the commit wrote for the stream); a process older than the origin wrote `type|id|version`.
 */
export function parseChange(payload: string): StreamChange | undefined {
  const [streamType, streamId, version, origin = '', jobs] = payload.split('|');
  const n = Number(version);
  if (!streamType || !streamId || !Number.isInteger(n)) return undefined;
  return { streamType, streamId, version: n, origin, queued: Number(jobs) > 0 };
}

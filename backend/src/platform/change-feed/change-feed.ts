import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** The channel every append notifies on, inside its own transaction (delivered at commit). */
export const CHANGE_CHANNEL = 'stream_changes';

/** What a notification says: this stream now stands at this version. */
export interface StreamChange {
  streamType: string;
  streamId: string;
  version: number;
}

export interface ChangeListener {
  /** A stream moved on (told by this process's own commit or by another process's NOTIFY). */
  changed(change: StreamChange): void;
  /** Notifications may have been missed: forget everything cached. */
  reset(): void;
}

const RETRY_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * The change feed across processes: one dedicated LISTEN connection per process, so the caches of
 * an API replica see what the worker, another replica or an operator command committed. While the
 * connection is down notifications are lost, so caches are dropped and `live` is false: readers go
 * to the database until LISTEN is back. The embedded database serves a single connection and a
 * single process, so there the feed carries this process's own commits only.
 */
@Injectable()
export class ChangeFeed implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ChangeFeed');
  private readonly listeners: ChangeListener[] = [];
  private client: Client | undefined;
  private listening: boolean;
  private epoch = 0;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.listening = config.embeddedDatabase;
  }

  async onModuleInit(): Promise<void> {
    if (!this.config.embeddedDatabase) await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    // Forgotten first, so that its 'end' is not taken for a lost connection.
    this.client = undefined;
    this.listening = this.config.embeddedDatabase;
    await client?.end().catch(() => undefined);
  }

  subscribe(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  /** Whether caches may answer now: only while no notification can have been missed. */
  get live(): boolean {
    return this.listening;
  }

  /**
   * Taken before a read that will fill a cache; `stillLive(token)` after it says whether the feed
   * stayed connected throughout, i.e. whether what was read may be kept.
   */
  token(): number {
    return this.listening ? this.epoch : -1;
  }

  stillLive(token: number): boolean {
    return token >= 0 && this.listening && this.epoch === token;
  }

  /** This process's own commits, told at once rather than after the round trip through PostgreSQL. */
  committed(changes: readonly StreamChange[]): void {
    for (const change of changes) this.deliver(change);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.config.LISTEN_DATABASE_URL ?? this.config.databaseUrl, keepAlive: true, application_name: 'dc-change-feed' });
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
      const change = parseChange(message.payload);
      if (change) this.deliver(change);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      this.logger.warn(`Cannot listen for changes (${(error as Error).message}); reading through until it can.`);
      this.lost(client);
      return;
    }
    if (this.client !== client || this.stopped) return;
    // Whatever changed before LISTEN took hold was never told: start from empty caches.
    this.epoch++;
    this.resetAll();
    this.listening = true;
    if (this.attempt > 0) this.logger.log('Listening for changes again.');
    this.attempt = 0;
  }

  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.listening) this.logger.warn('Lost the change feed; caches dropped, reading through until it is back.');
    this.listening = false;
    this.epoch++;
    this.resetAll();
    if (this.stopped) return;
    const delay = RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)];
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }

  private deliver(change: StreamChange): void {
    for (const listener of this.listeners) listener.changed(change);
  }

  private resetAll(): void {
    for (const listener of this.listeners) listener.reset();
  }
}

/** The payload is `type|id|version`, as the append statement writes it. */
export function parseChange(payload: string): StreamChange | undefined {
  const [streamType, streamId, version] = payload.split('|');
  const n = Number(version);
  if (!streamType || !streamId || !Number.isInteger(n)) return undefined;
  return { streamType, streamId, version: n };
}

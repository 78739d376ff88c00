import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { Client } from 'pg';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { StreamChanged } from './recorded-event';

export const CHANGE_CHANNEL = 'dc_stream_changes';
const RECONNECT_MS = 2000;

/**
 * The cross-process change feed: every append NOTIFYs in its transaction; each process LISTENs on a
 * connection of its own and tells its caches through the in-process bus. Notifications sent while
 * the connection was down are lost, so after a reconnect everything counts as changed. The embedded
 * database serves one process only, which hears its own appends directly.
 */
@Injectable()
export class ChangeFeed implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ChangeFeed');
  private client: Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly bus: EventBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.embeddedDatabase) await this.connect(false);
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  private async connect(reconnecting: boolean): Promise<void> {
    const client = new Client({ connectionString: this.config.databaseUrl });
    client.on('notification', (message) => {
      try {
        const { streamType, streamId, version } = JSON.parse(message.payload ?? '{}') as { streamType: string; streamId: string; version: number };
        this.bus.publish(new StreamChanged(streamType, streamId, version));
      } catch {
        this.logger.warn(`Unreadable change notification: ${message.payload}`);
      }
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANGE_CHANNEL}`);
      this.client = client;
      if (reconnecting) {
        this.logger.log('Change feed reconnected; caches are dropped');
        this.bus.publish(new StreamChanged('*', '*', 0));
      }
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: Client, error?: unknown): void {
    if (this.closed || (this.client && this.client !== client)) return;
    this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.logger.warn(`Change feed connection lost (${error instanceof Error ? error.message : 'closed'}); retrying`);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(true), RECONNECT_MS);
    this.retry.unref();
  }
}

import { join } from 'node:path';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { storefrontImagesDir } from '../site';
import {
  EMULATOR_ACCESS_TOKEN,
  EMULATOR_APPLICATION_ID,
  EMULATOR_LOCATION_ID,
  EMULATOR_WEBHOOK_SIGNATURE_KEY,
  SquareEmulator,
  standInPort,
  startOrJoin,
  startSquareEmulator,
} from '../stand-ins';
import { squareAddresses, SquareSettings } from './square-settings';
import { SQUARE_WEBHOOKS_PATH } from './stock/square-webhooks';

/**
 * Decides which Square the shop talks to. With credentials: Square itself (or `SQUARE_BASE_URL`).
 * Without (never in production, which refuses to start so): the bundled sandbox emulator, started
 * here on `SQUARE_EMULATOR_PORT` (default PORT + 1), or the one another process of the shop already
 * runs there.
 */
@Injectable()
export class SquareConnection implements OnModuleDestroy {
  private readonly logger = new Logger('Square');
  private emulator: SquareEmulator | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async settings(): Promise<SquareSettings> {
    const c = this.config;
    const timeoutMs = c.SQUARE_TIMEOUT_MS;
    if (c.SQUARE_ACCESS_TOKEN) {
      if (!c.SQUARE_APPLICATION_ID || !c.SQUARE_LOCATION_ID) throw new Error('SQUARE_APPLICATION_ID and SQUARE_LOCATION_ID go with SQUARE_ACCESS_TOKEN');
      return {
        accessToken: c.SQUARE_ACCESS_TOKEN,
        applicationId: c.SQUARE_APPLICATION_ID,
        locationId: c.SQUARE_LOCATION_ID,
        environment: c.SQUARE_ENVIRONMENT,
        ...squareAddresses(c.SQUARE_ENVIRONMENT, c.SQUARE_BASE_URL),
        timeoutMs,
        emulated: Boolean(c.SQUARE_BASE_URL),
        webhookSignatureKey: c.SQUARE_WEBHOOK_SIGNATURE_KEY ?? (c.SQUARE_BASE_URL && c.NODE_ENV !== 'production' ? EMULATOR_WEBHOOK_SIGNATURE_KEY : undefined),
      };
    }
    if (c.NODE_ENV === 'production') throw new Error('SQUARE_ACCESS_TOKEN: is required in production');
    const url = c.SQUARE_BASE_URL ?? (await this.startEmulator());
    return {
      accessToken: EMULATOR_ACCESS_TOKEN,
      applicationId: EMULATOR_APPLICATION_ID,
      locationId: EMULATOR_LOCATION_ID,
      environment: 'sandbox',
      ...squareAddresses('sandbox', url),
      timeoutMs,
      emulated: true,
      webhookSignatureKey: c.SQUARE_WEBHOOK_SIGNATURE_KEY ?? EMULATOR_WEBHOOK_SIGNATURE_KEY,
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.emulator?.close();
  }

  /**
   * The emulator's counts change when a point of sale (any SDK call) adjusts them: like Square, it
   * then sends `inventory.count.updated` to the shop, which subscribes here as it would in Square's
   * developer console (a second process of the shop subscribes the same URL again: one subscription).
   */
  private async subscribeToWebhooks(emulatorUrl: string, started: SquareEmulator | undefined): Promise<void> {
    const subscription = { notificationUrl: `${this.config.publicUrl}${SQUARE_WEBHOOKS_PATH}`, signatureKey: this.config.SQUARE_WEBHOOK_SIGNATURE_KEY ?? EMULATOR_WEBHOOK_SIGNATURE_KEY };
    if (started) return started.webhooks.subscribe(subscription);
    try {
      const res = await fetch(`${emulatorUrl}/emulator/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscription),
        signal: AbortSignal.timeout(3000),
      });
      if (!res.ok) throw new Error(`${res.status}`);
    } catch (error) {
      this.logger.warn(`The emulator at ${emulatorUrl} will not send stock webhooks to this shop: ${error instanceof Error ? error.message : error}`);
    }
  }

  private async startEmulator(): Promise<string> {
    const c = this.config;
    const port = standInPort(c.SQUARE_EMULATOR_PORT, c.PORT, 1);
    const { url, started } = await startOrJoin(
      port,
      () => startSquareEmulator({ port, host: '127.0.0.1', dataDir: join(c.DATA_DIR, 'square-emulator'), imagesDir: storefrontImagesDir(c) }),
      {
        path: '/v2/locations',
        headers: { Authorization: `Bearer ${EMULATOR_ACCESS_TOKEN}` },
      },
    );
    this.emulator = started;
    // At debug: the start-up line and its stand-ins warning name the emulator already.
    this.logger.debug(started ? `Square sandbox emulator at ${url} (no SQUARE_ACCESS_TOKEN set)` : `Using the Square sandbox emulator another process runs at ${url}`);
    await this.subscribeToWebhooks(url, started);
    return url;
  }
}

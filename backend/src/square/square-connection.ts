import { join } from 'node:path';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { standInPort, startOrJoin } from '../platform/dev-servers/start-or-join';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_APPLICATION_ID, EMULATOR_LOCATION_ID, SquareEmulator, startSquareEmulator } from './emulator';
import { squareAddresses, SquareSettings } from './square-settings';

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
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.emulator?.close();
  }

  private async startEmulator(): Promise<string> {
    const c = this.config;
    const port = standInPort(c.SQUARE_EMULATOR_PORT, c.PORT, 1);
    const { url, started } = await startOrJoin(port, () => startSquareEmulator({ port, host: '127.0.0.1', dataDir: join(c.DATA_DIR, 'square-emulator') }), {
      path: '/v2/locations',
      headers: { Authorization: `Bearer ${EMULATOR_ACCESS_TOKEN}` },
    });
    this.emulator = started;
    this.logger.log(started ? `Square sandbox emulator at ${url} (no SQUARE_ACCESS_TOKEN set)` : `Using the Square sandbox emulator another process runs at ${url}`);
    return url;
  }
}

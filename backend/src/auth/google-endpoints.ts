import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { GoogleEndpoints } from './google.strategy';
import { LOCAL_CLIENT_ID, LOCAL_CLIENT_SECRET, LocalGoogle, standInPort, startLocalGoogle, startOrJoin } from '../stand-ins';

export const GOOGLE_ENDPOINTS = Symbol('GOOGLE_ENDPOINTS');

/**
 * Decides who vouches for accounts: Google with `GOOGLE_CLIENT_ID`/`GOOGLE_CLIENT_SECRET`, else
 * (never in production, which refuses to start so) the local provider on `GOOGLE_EMULATOR_PORT`
 * (default PORT + 2), or the one another process of the shop already runs there.
 */
@Injectable()
export class GoogleConnection implements OnModuleDestroy {
  private readonly logger = new Logger('SignIn');
  private local: LocalGoogle | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async endpoints(): Promise<GoogleEndpoints> {
    const c = this.config;
    if (c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET) return { clientID: c.GOOGLE_CLIENT_ID, clientSecret: c.GOOGLE_CLIENT_SECRET, local: false };
    if (c.NODE_ENV === 'production') throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: are required in production');
    const url = await this.startLocal();
    return {
      clientID: LOCAL_CLIENT_ID,
      clientSecret: LOCAL_CLIENT_SECRET,
      provider: { authorizationURL: `${url}/authorize`, tokenURL: `${url}/token`, userProfileURL: `${url}/userinfo` },
      local: true,
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.local?.close();
  }

  private async startLocal(): Promise<string> {
    const c = this.config;
    const port = standInPort(c.GOOGLE_EMULATOR_PORT, c.PORT, 2);
    const { url, started } = await startOrJoin(port, () => startLocalGoogle(port), { path: '/.well-known/openid-configuration' });
    this.local = started;
    // At debug: the start-up's stand-ins warning names the local sign-in already.
    this.logger.debug(
      started ? `Local sign-in provider at ${url} (no GOOGLE_CLIENT_ID set); admins: ${c.adminEmails.join(', ')}` : `Using the local sign-in provider another process runs at ${url}`,
    );
    return url;
  }
}

import { PassportStrategy } from '@nestjs/passport';
import { Profile, Strategy, StrategyOptions } from 'passport-google-oauth20';
import type { Account } from './signed-in-user';

export const GOOGLE_STRATEGY = 'google';

/** Where the strategy sends the browser and reads the account: Google itself, or the local provider. */
export interface GoogleEndpoints {
  clientID: string;
  clientSecret: string;
  /** Unset: Google's own addresses. */
  provider?: { authorizationURL: string; tokenURL: string; userProfileURL: string };
  /** True when the local provider stands in. */
  local: boolean;
}

/**
 * passport's Google OAuth 2.0 strategy. The callback URL is given per request (the shop may be
 * reached on several addresses); an account counts only with an email the provider verified.
 */
export class GoogleStrategy extends PassportStrategy(Strategy, GOOGLE_STRATEGY) {
  constructor(endpoints: GoogleEndpoints) {
    const options: StrategyOptions = {
      clientID: endpoints.clientID,
      clientSecret: endpoints.clientSecret,
      scope: ['openid', 'email', 'profile'],
      ...(endpoints.provider ?? {}),
    };
    super(options);
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): Account | false {
    const email = profile.emails?.find((e) => (e as { verified?: unknown }).verified === true || (e as { verified?: unknown }).verified === 'true')?.value;
    if (!email) return false;
    return { id: profile.id, email: email.toLowerCase(), name: profile.displayName || email };
  }
}

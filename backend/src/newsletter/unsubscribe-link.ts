import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { signToken, verifyToken } from '../platform/security/signed-token';

const PURPOSE = 'newsletter-unsubscribe';

/** The unsubscribe link in every newsletter email: signed, so it works without signing in and only for its own subscriber. */
@Injectable()
export class UnsubscribeLinks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  urlFor(subscriberId: string): string {
    return `${this.config.publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(signToken(this.config.linkSecret, PURPOSE, subscriberId))}`;
  }

  /** The subscriber a token names, or undefined for a token this shop did not sign. */
  subscriberOf(token: string): string | undefined {
    const id = verifyToken(this.config.linkSecret, PURPOSE, token);
    return id && /^[0-9a-f]{32}$/.test(id) ? id : undefined;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { signToken, verifyToken } from '../platform/security/signed-token';

const CONFIRM = 'back-in-stock-confirm';
const LEAVE = 'back-in-stock-leave';

/**
 * The links in the back-in-stock emails: confirm a request, or take it off the list. Signed, so they
 * work without signing in and only for their own request; a confirm token never opens the leave page.
 */
@Injectable()
export class RequestLinks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  confirmUrl(requestId: string): string {
    return `${this.config.publicUrl}/back-in-stock/confirm?token=${encodeURIComponent(signToken(this.config.linkSecret, CONFIRM, requestId))}`;
  }

  leaveUrl(requestId: string): string {
    return `${this.config.publicUrl}/back-in-stock/leave?token=${encodeURIComponent(signToken(this.config.linkSecret, LEAVE, requestId))}`;
  }

  /** The request a confirm token names, or undefined for one this shop did not sign. */
  confirmed(token: unknown): string | undefined {
    return this.requestOf(CONFIRM, token);
  }

  /** The request a leave token names, or undefined for one this shop did not sign. */
  leaving(token: unknown): string | undefined {
    return this.requestOf(LEAVE, token);
  }

  private requestOf(purpose: string, token: unknown): string | undefined {
    if (typeof token !== 'string' || token.length > 200) return undefined;
    const id = verifyToken(this.config.linkSecret, purpose, token);
    return id && /^[0-9a-f]{32}$/.test(id) ? id : undefined;
  }
}

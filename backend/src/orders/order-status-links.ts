import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { signToken, verifyToken } from '../platform/security/signed-token';

const PURPOSE = 'order-status';
const ORDER_ID = /^[0-9a-f-]{36}$/;

/**
 * The link to an order's status page, in every email about the order: signed with LINK_SECRET, so
 * it opens that one order without signing in, and never expires (an old email must still lead
 * back). Whoever holds it sees the order, never the street address or the whole email.
 */
@Injectable()
export class OrderStatusLinks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  urlFor(orderId: string): string {
    return `${this.config.publicUrl}/order-status/${this.tokenFor(orderId)}`;
  }

  tokenFor(orderId: string): string {
    return signToken(this.config.linkSecret, PURPOSE, orderId);
  }

  /** The order a token names, or undefined for one this shop did not sign (altered, truncated, made for another link). */
  orderOf(token: unknown): string | undefined {
    const id = typeof token === 'string' && token.length <= 200 ? verifyToken(this.config.linkSecret, PURPOSE, token) : undefined;
    return id && ORDER_ID.test(id) ? id : undefined;
  }
}

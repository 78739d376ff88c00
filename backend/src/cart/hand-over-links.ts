import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { signToken, verifyToken } from '../platform/security/signed-token';

const PURPOSE = 'cart-handover';
const CART_ID = /^[0-9a-f-]{36}$/;

/** How long a hand-over link works: it is made when the widget's drawer shows Checkout, and followed at once. */
export const HAND_OVER_MINUTES = 15;

export type HandOverLink = { cartId: string } | { invalid: 'tampered' | 'expired' };

/**
 * The token of a cart handed from one site to the shop (`/cart?handover=<token>`), signed with
 * LINK_SECRET: it names the cart by its id, not the session id that reads it, and expires soon, so a
 * link left in a history, a log or a message stops working.
 */
@Injectable()
export class HandOverLinks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  issue(cartId: string, now = Date.now()): { token: string; expiresAt: string } {
    const expires = Math.floor(now / 1000) + HAND_OVER_MINUTES * 60;
    return { token: signToken(this.config.linkSecret, PURPOSE, `${cartId}~${expires}`), expiresAt: new Date(expires * 1000).toISOString() };
  }

  cartOf(token: string, now = Date.now()): HandOverLink {
    const value = token.length <= 300 ? verifyToken(this.config.linkSecret, PURPOSE, token) : undefined;
    const [cartId, expires] = value?.split('~') ?? [];
    if (!cartId || !CART_ID.test(cartId) || !/^\d{1,12}$/.test(expires ?? '')) return { invalid: 'tampered' };
    return Number(expires) * 1000 < now ? { invalid: 'expired' } : { cartId };
  }
}

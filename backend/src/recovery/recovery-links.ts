import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { signToken, verifyToken } from '../platform/security/signed-token';

const RESTORE = 'cart-restore';
const UNSUBSCRIBE = 'recovery-unsubscribe';
const CART_ID = /^[0-9a-f-]{36}$/;

export type RestoreLink = { cartId: string } | { invalid: 'tampered' | 'expired' };

/**
 * The links in a recovery email, signed with LINK_SECRET so they work without signing in and only
 * for their own cart. The restore link carries its expiry inside what is signed; the unsubscribe
 * link never expires (an old email must still be able to stop the next).
 */
@Injectable()
export class RecoveryLinks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  restoreUrl(cartId: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + this.config.RECOVERY_LINK_DAYS * 86_400;
    return `${this.config.publicUrl}/cart/restore?token=${encodeURIComponent(signToken(this.config.linkSecret, RESTORE, `${cartId}~${expires}`))}`;
  }

  unsubscribeUrl(cartId: string): string {
    return `${this.config.publicUrl}/recovery/unsubscribe?token=${encodeURIComponent(signToken(this.config.linkSecret, UNSUBSCRIBE, cartId))}`;
  }

  restoreOf(token: unknown, now = Date.now()): RestoreLink {
    const value = typeof token === 'string' && token.length <= 300 ? verifyToken(this.config.linkSecret, RESTORE, token) : undefined;
    const [cartId, expires] = value?.split('~') ?? [];
    if (!cartId || !CART_ID.test(cartId) || !/^\d{1,12}$/.test(expires ?? '')) return { invalid: 'tampered' };
    return Number(expires) * 1000 < now ? { invalid: 'expired' } : { cartId };
  }

  /** The cart an unsubscribe token names, or undefined for one this shop did not sign. */
  unsubscribeOf(token: unknown): string | undefined {
    const cartId = typeof token === 'string' && token.length <= 300 ? verifyToken(this.config.linkSecret, UNSUBSCRIBE, token) : undefined;
    return cartId && CART_ID.test(cartId) ? cartId : undefined;
  }
}

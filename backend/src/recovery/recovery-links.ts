import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { signToken, verifyToken } from '../platform/security/signed-token';

const RESTORE = 'cart-restore';
const UNSUBSCRIBE = 'recovery-unsubscribe';
const CART_ID = /^[0-9a-f-]{36}$/;

export type RestoreLink = { cartId: string } | { invalid: 'tampered' | 'expired' };
/**
 * What an unsubscribe token names: the cart and the address its email went to; or, for a link
 * signed before the address was (`legacy`), the cart alone.
 */
export type UnsubscribeLink = { cartId: string; email: string } | { cartId: string; legacy: true };

/**
 * The links in a recovery email, signed with LINK_SECRET so they work without signing in and only
 * for their own cart. The restore link carries its expiry inside what is signed; the unsubscribe
 * link carries the address the email went to (the cart's contact may change since; the link stops
 * the emails to its own recipient, nobody else), and never expires (an old email must still be
 * able to stop the next).
 */
@Injectable()
export class RecoveryLinks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  restoreUrl(cartId: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + this.config.RECOVERY_LINK_DAYS * 86_400;
    return `${this.config.publicUrl}/cart/restore?token=${encodeURIComponent(signToken(this.config.linkSecret, RESTORE, `${cartId}~${expires}`))}`;
  }

  unsubscribeUrl(cartId: string, recipient: string): string {
    const value = `${cartId}~${Buffer.from(recipient.trim().toLowerCase()).toString('base64url')}`;
    return `${this.config.publicUrl}/recovery/unsubscribe?token=${encodeURIComponent(signToken(this.config.linkSecret, UNSUBSCRIBE, value))}`;
  }

  restoreOf(token: unknown, now = Date.now()): RestoreLink {
    const value = typeof token === 'string' && token.length <= 300 ? verifyToken(this.config.linkSecret, RESTORE, token) : undefined;
    const [cartId, expires] = value?.split('~') ?? [];
    if (!cartId || !CART_ID.test(cartId) || !/^\d{1,12}$/.test(expires ?? '')) return { invalid: 'tampered' };
    return Number(expires) * 1000 < now ? { invalid: 'expired' } : { cartId };
  }

  /** What an unsubscribe token names, or undefined for one this shop did not sign. */
  unsubscribeOf(token: unknown): UnsubscribeLink | undefined {
    const value = typeof token === 'string' && token.length <= 800 ? verifyToken(this.config.linkSecret, UNSUBSCRIBE, token) : undefined;
    const [cartId, address, ...rest] = value?.split('~') ?? [];
    if (!cartId || !CART_ID.test(cartId) || rest.length) return undefined;
    if (address === undefined) return { cartId, legacy: true };
    const email = Buffer.from(address, 'base64url').toString('utf8');
    return email.includes('@') ? { cartId, email } : undefined;
  }
}

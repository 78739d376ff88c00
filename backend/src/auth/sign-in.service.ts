import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { clearCookie, readCookie, setCookie } from './cookies';
import { SESSION_DAYS, SessionStore } from './session-store';
import type { Account, SignedInUser } from './signed-in-user';

export const SESSION_COOKIE = 'dc_session';

const resolved = Symbol('signed-in user');
type WithUser = FastifyRequest & { [resolved]?: Promise<SignedInUser | undefined> };

/** The session cookie and what it stands for; admin rights come from ADMIN_EMAILS on every request. */
@Injectable()
export class SignInService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionStore,
  ) {}

  /** The signed-in user of this request, looked up once per request. */
  userOf(req: FastifyRequest): Promise<SignedInUser | undefined> {
    const r = req as WithUser;
    r[resolved] ??= this.lookUp(req);
    return r[resolved];
  }

  /** Ends any session the browser brought and starts a new one: the id is renewed at every sign-in. */
  async signIn(req: FastifyRequest, reply: FastifyReply, account: Account): Promise<void> {
    const old = readCookie(req, SESSION_COOKIE);
    if (old) await this.sessions.delete(old);
    const token = await this.sessions.create(account);
    setCookie(reply, SESSION_COOKIE, token, { path: '/', maxAgeSeconds: SESSION_DAYS * 86_400, secure: this.secureCookies });
  }

  async signOut(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = readCookie(req, SESSION_COOKIE);
    if (token) await this.sessions.delete(token);
    clearCookie(reply, SESSION_COOKIE, { path: '/', secure: this.secureCookies });
  }

  isAdmin(email: string): boolean {
    return this.config.adminEmails.includes(email.toLowerCase());
  }

  /**
   * Whether a change comes from the shop's own pages. Browsers send `Origin` on every POST, PUT,
   * PATCH and DELETE; a request without one (or from elsewhere) is refused rather than trusted.
   */
  fromOwnOrigin(req: FastifyRequest): boolean {
    const origin = req.headers.origin;
    return typeof origin === 'string' && origin === this.ownOrigin(req);
  }

  /** The shop's public origin: PUBLIC_URL when set, else the address this request came in on. */
  ownOrigin(req: FastifyRequest): string {
    return this.config.PUBLIC_URL ? new URL(this.config.PUBLIC_URL).origin : `${req.protocol}://${req.host}`;
  }

  get secureCookies(): boolean {
    return this.config.NODE_ENV === 'production';
  }

  private async lookUp(req: FastifyRequest): Promise<SignedInUser | undefined> {
    const token = readCookie(req, SESSION_COOKIE);
    const account = token ? await this.sessions.find(token) : undefined;
    return account ? { ...account, isAdmin: this.isAdmin(account.email) } : undefined;
  }
}

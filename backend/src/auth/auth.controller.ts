import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Controller, ForbiddenException, Get, HttpCode, Inject, Logger, Post, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { localSignInPage, OnlyFromThisMachineWhile } from '../stand-ins';
import { clearCookie, readCookie, setCookie } from './cookies';
import { GOOGLE_ENDPOINTS } from './google-endpoints';
import { GOOGLE_STRATEGY, GoogleEndpoints } from './google.strategy';
import { runStrategy } from './run-strategy';
import { SESSION_COOKIE, SignInService } from './sign-in.service';
import { ApiQuery } from '@nestjs/swagger';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { openApiSchema } from '../platform/api-docs/zod-openapi';
import { signedOutSchema } from './auth.responses';
import { SignedInUser, signedInUserSchema } from './signed-in-user';

const STATE_COOKIE = 'dc_oauth_state';
const STATE_MAX_AGE_SECONDS = 600;
const FAILED = '/admin?signin=failed';

// Only a path of this shop: never an address elsewhere (no open redirect).
const ownPath = z
  .string()
  .regex(/^\/(?![/\\])[\w\-/?=&.%]*$/)
  .max(200);

const startQuery = z.object({
  login_hint: z.email().max(254).optional().catch(undefined),
  returnTo: ownPath.optional().catch(undefined),
});

/** Where the sign-in goes back to: checked again on the way out, since the cookie came back from a browser. */
const returnPath = (encoded: string | undefined) => ownPath.catch('/admin').parse(Buffer.from(encoded ?? '', 'base64url').toString() || '/admin');

@Controller('api/auth')
export class AuthController {
  private readonly logger = new Logger('SignIn');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(GOOGLE_ENDPOINTS) private readonly endpoints: GoogleEndpoints,
    private readonly signIn: SignInService,
  ) {}

  /** Starts the sign-in: to Google (or the local picker first, when no account was named). */
  @Get('google')
  @ApiQuery({ name: 'login_hint', required: false, schema: openApiSchema(startQuery.shape.login_hint, 'input') })
  @ApiQuery({ name: 'returnTo', required: false, schema: openApiSchema(startQuery.shape.returnTo, 'input') })
  @ApiAnswers({ 200: 'html', 302: 'redirect' })
  @UseGuards(OnlyFromThisMachineWhile('signIn'))
  async start(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { login_hint: loginHint, returnTo = '/admin' } = startQuery.parse(req.query ?? {});
    if (this.endpoints.local && !loginHint) {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(localSignInPage(this.config.adminEmails, returnTo));
      return;
    }
    // The state binds the provider's answer to this browser: a callback it did not start is refused.
    const state = randomBytes(24).toString('base64url');
    setCookie(reply, STATE_COOKIE, `${state}.${Buffer.from(returnTo).toString('base64url')}`, this.stateCookie(STATE_MAX_AGE_SECONDS));
    const outcome = await runStrategy(GOOGLE_STRATEGY, req, { state, loginHint, prompt: 'select_account', callbackURL: this.callbackUrl(req) });
    if (!('redirect' in outcome)) throw new Error('The sign-in strategy did not redirect to the provider');
    reply.redirect(outcome.redirect, 302);
  }

  @Get('google/callback')
  @ApiAnswers({ 302: 'redirect' })
  @UseGuards(OnlyFromThisMachineWhile('signIn'))
  async callback(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const [expected, encodedReturnTo] = (readCookie(req, STATE_COOKIE) ?? '').split('.');
    clearCookie(reply, STATE_COOKIE, this.stateCookie(0));
    const given = (req.query as { state?: unknown }).state;
    if (!expected || typeof given !== 'string' || !sameText(given, expected)) {
      this.logger.warn('Sign-in callback refused: its state does not match the one this browser was given');
      reply.redirect(FAILED, 302);
      return;
    }
    try {
      const outcome = await runStrategy(GOOGLE_STRATEGY, req, { callbackURL: this.callbackUrl(req) });
      if (!('account' in outcome)) {
        this.logger.warn(`Sign-in not completed: ${'failed' in outcome ? outcome.failed : 'unexpected redirect'}`);
        reply.redirect(FAILED, 302);
        return;
      }
      await this.signIn.signIn(req, reply, outcome.account);
      this.logger.log(`Signed in: ${outcome.account.email}${this.signIn.isAdmin(outcome.account.email) ? ' (admin)' : ''}`);
      reply.redirect(returnPath(encodedReturnTo), 302);
    } catch (error) {
      this.logger.warn(`Sign-in failed at the provider: ${error instanceof Error ? error.message : error}`);
      reply.redirect(FAILED, 302);
    }
  }

  @Get('user')
  @ApiAnswers({ 200: signedInUserSchema })
  async user(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SignedInUser> {
    reply.header('cache-control', 'no-store');
    const user = await this.signIn.userOf(req);
    if (!user) throw new UnauthorizedException({ message: 'Not signed in.', code: 'SIGN_IN_REQUIRED' });
    return user;
  }

  @Post('logout')
  @HttpCode(200)
  @ApiAnswers({ 200: signedOutSchema })
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<z.infer<typeof signedOutSchema>> {
    // A foreign page must not be able to sign the studio out either.
    if (readCookie(req, SESSION_COOKIE) && !this.signIn.fromOwnOrigin(req)) {
      throw new ForbiddenException({ message: 'This change must come from the shop’s own pages.', code: 'ORIGIN_REFUSED' });
    }
    await this.signIn.signOut(req, reply);
    return { signedOut: true };
  }

  private callbackUrl(req: FastifyRequest): string {
    return `${this.signIn.ownOrigin(req)}/api/auth/google/callback`;
  }

  private stateCookie(maxAgeSeconds: number) {
    return { path: '/api/auth', maxAgeSeconds, secure: this.signIn.secureCookies };
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

import { applyDecorators, CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException, UseGuards } from '@nestjs/common';
import { ApiCookieAuth } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ADMIN_SESSION } from '../platform/api-docs/admin-session';
import { SignInService } from './sign-in.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Admin rights, enforced on the server: 401 signed out, 403 signed in without them or for a change
 * sent from another origin. An admin's changes carry their email as the events' actor.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly signIn: SignInService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const user = await this.signIn.userOf(req);
    if (!user) throw new UnauthorizedException({ message: 'Please sign in.', code: 'SIGN_IN_REQUIRED' });
    if (!SAFE_METHODS.has(req.method) && !this.signIn.fromOwnOrigin(req)) {
      throw new ForbiddenException({ message: 'This change must come from the shop’s own pages.', code: 'ORIGIN_REFUSED' });
    }
    if (!user.isAdmin) throw new ForbiddenException({ message: 'You do not have admin privileges.', code: 'NOT_ADMIN' });
    req.context.actor = `admin:${user.email}`;
    return true;
  }
}

/** Marks a route (or every route of a controller) as the studio's only; the API description says it needs the session cookie. */
export const AdminOnly = () => applyDecorators(UseGuards(AdminGuard), ApiCookieAuth(ADMIN_SESSION));

import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { APP_CONFIG, AppConfig, Settings } from '../platform/config/app-config';

/** The development stand-ins a shop may be running on, whatever `NODE_ENV` says. */
export interface StandIns {
  /** The local sign-in provider instead of Google: it signs anyone in as any admin. */
  signIn: boolean;
  /** The bundled Square emulator instead of Square: its payments move no money. */
  square: boolean;
  /** The fixed development `LINK_SECRET`: anyone can sign a link. */
  linkSecret: boolean;
}

export function standInsOf(settings: Pick<Settings, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'SQUARE_ACCESS_TOKEN' | 'SQUARE_BASE_URL' | 'LINK_SECRET'>): StandIns {
  return {
    signIn: !(settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET),
    square: !settings.SQUARE_ACCESS_TOKEN || Boolean(settings.SQUARE_BASE_URL),
    linkSecret: !settings.LINK_SECRET,
  };
}

const STAND_IN_NAMES: Record<keyof StandIns, string> = {
  signIn: 'the local sign-in (no GOOGLE_CLIENT_ID)',
  square: 'the Square emulator (no SQUARE_ACCESS_TOKEN)',
  linkSecret: 'the development link secret (no LINK_SECRET)',
};

/** The start-up warning when any stand-in is on, or undefined. */
export function standInsWarning(standIns: StandIns): string | undefined {
  const on = (Object.keys(standIns) as (keyof StandIns)[]).filter((k) => standIns[k]);
  if (on.length === 0) return undefined;
  return `DEVELOPMENT STAND-INS ARE ON: ${on.map((k) => STAND_IN_NAMES[k]).join(', ')}. They answer only requests from this machine; set the real settings before anyone else uses this shop.`;
}

/**
 * Whether the request was made on this machine: its connection comes from a loopback address and
 * no proxy in front says it forwarded it for someone else. A forwarded-for header alone proves
 * nothing (anyone can send one), so it can only ever make the answer no.
 */
export function fromThisMachine(req: FastifyRequest): boolean {
  if (!isLoopback(req.raw.socket.remoteAddress)) return false;
  const forwarded = [req.headers['x-forwarded-for'], req.headers['x-real-ip'], req.headers.forwarded].flat().filter((h): h is string => typeof h === 'string');
  return forwarded.every((header) => header.split(',').every((part) => isLoopback(forwardedAddress(part))));
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/** `for=...` of a `Forwarded` element, or the plain address of an `X-Forwarded-For` entry (brackets, ports stripped). */
function forwardedAddress(part: string): string {
  const value = /for="?([^;",]+)"?/i.exec(part)?.[1] ?? part;
  const trimmed = value.trim();
  const bracketed = /^\[([^\]]+)\]/.exec(trimmed);
  if (bracketed) return bracketed[1]!;
  return isIP(trimmed) ? trimmed : trimmed.replace(/:\d+$/, '');
}

/**
 * A guard for the routes a development stand-in serves: while `which` is on, only requests from
 * this machine get through (403 otherwise), so a deployment that forgot its settings does not
 * open the stand-in to the world.
 */
export function OnlyFromThisMachineWhile(which: keyof StandIns): Type<CanActivate> {
  @Injectable()
  class StandInGuard implements CanActivate {
    constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

    canActivate(context: ExecutionContext): boolean {
      if (!standInsOf(this.config)[which] || fromThisMachine(context.switchToHttp().getRequest<FastifyRequest>())) return true;
      throw new ForbiddenException({
        code: 'DEVELOPMENT_ONLY',
        message: `This shop is running ${STAND_IN_NAMES[which]}, which answers only requests from the machine it runs on.`,
      });
    }
  }
  return StandInGuard;
}

import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CookieOptions {
  maxAgeSeconds: number;
  path: string;
  secure: boolean;
}

/** One cookie's value from the request, or undefined. */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Always HttpOnly and SameSite=Lax: scripts never see it, and other sites' forms do not carry it on a POST. */
export function setCookie(reply: FastifyReply, name: string, value: string, o: CookieOptions): void {
  const attributes = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path}`, `Max-Age=${o.maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax'];
  if (o.secure) attributes.push('Secure');
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous.map(String) : [String(previous)];
  reply.header('set-cookie', [...list, attributes.join('; ')]);
}

export function clearCookie(reply: FastifyReply, name: string, o: Omit<CookieOptions, 'maxAgeSeconds'>): void {
  setCookie(reply, name, '', { ...o, maxAgeSeconds: 0 });
}

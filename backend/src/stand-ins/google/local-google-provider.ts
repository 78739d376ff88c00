import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Events, OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

/** Client credentials the local provider accepts (it checks none). */
export const LOCAL_CLIENT_ID = 'dark-circle-local';
export const LOCAL_CLIENT_SECRET = 'dark-circle-local-secret';

export interface LocalGoogle {
  url: string;
  close(): Promise<void>;
}

const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,190}$/;

/**
 * The development stand-in for Google (never in production): a real OAuth2/OpenID issuer, so the
 * same passport flow runs. The account is the `login_hint` the sign-in page sends; it travels inside
 * the authorization code and then the access token, so any process of the shop can redeem either
 * (no memory shared between them).
 */
export async function startLocalGoogle(port: number, host = '127.0.0.1'): Promise<LocalGoogle> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);

  service.on(Events.BeforeAuthorizeRedirect, (redirect: { url: URL }, req: IncomingMessage & { query?: Record<string, unknown> }) => {
    const hint = req.query?.login_hint;
    if (typeof hint !== 'string' || !EMAIL.test(hint)) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      redirect.url.searchParams.set('error_description', 'No account was chosen.');
      return;
    }
    redirect.url.searchParams.set('code', `${Buffer.from(hint.toLowerCase()).toString('base64url')}.${redirect.url.searchParams.get('code')}`);
  });

  service.on(Events.BeforeTokenSigning, (token: { payload: Record<string, unknown> }, req: { body?: { code?: string } }) => {
    const email = emailOfCode(req.body?.code);
    if (email) Object.assign(token.payload, claimsOf(email));
  });

  service.on(Events.BeforeUserinfo, (response: { body: Record<string, unknown>; statusCode: number }, req: IncomingMessage) => {
    // passport-google-oauth20 sends the token as `?access_token=`; other clients use the header.
    const fromQuery = new URL(req.url ?? '/', 'http://local').searchParams.get('access_token');
    const email = emailOfAccessToken(fromQuery ?? req.headers.authorization?.replace(/^Bearer\s+/i, ''));
    if (!email) {
      response.statusCode = 401;
      response.body = { error: 'invalid_token' };
      return;
    }
    response.body = claimsOf(email);
  });

  // Our own server rather than the library's, so closing also ends idle keep-alive connections.
  const server = createServer(service.requestHandler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  issuer.url = url;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function claimsOf(email: string) {
  const local = email.split('@')[0];
  return {
    sub: `local-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`,
    email,
    email_verified: true,
    name: local.charAt(0).toUpperCase() + local.slice(1),
  };
}

function emailOfCode(code: string | undefined): string | undefined {
  const encoded = code?.split('.')[0];
  const email = encoded ? Buffer.from(encoded, 'base64url').toString() : undefined;
  return email && EMAIL.test(email) ? email : undefined;
}

/** The issuer signed the token itself moments ago; reading its claims is enough for a development stand-in. */
function emailOfAccessToken(token: string | undefined): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const email = (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { email?: unknown }).email;
    return typeof email === 'string' && EMAIL.test(email) ? email : undefined;
  } catch {
    return undefined;
  }
}

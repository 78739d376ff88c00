import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { HelmetOptions } from 'helmet';
import type { SquareSettings } from '../square';

/**
 * Where Square's Web Payments SDK loads its script from, talks to and frames its card fields from,
 * per environment (Square's CSP guide, plus the 3-D Secure issuer frame that Square's forums report
 * being needed in production).
 */
const SQUARE_ORIGINS = {
  production: squareOrigins('https://web.squarecdn.com', 'squareup.com'),
  sandbox: squareOrigins('https://sandbox.web.squarecdn.com', 'squareupsandbox.com'),
};

/** Both environments name the same hosts, on the environment's CDN (`web`) and API domain. */
function squareOrigins(web: string, domain: string) {
  return {
    script: [web, `https://js.${domain}`],
    connect: [web, `https://pci-connect.${domain}`, `https://connect.${domain}`],
    frame: [web, `https://connect.${domain}`, 'https://geoissuer.cardinalcommerce.com'],
    style: [web],
    font: ['https://*.squarecdn.com', 'https://d1g145x70srn7h.cloudfront.net'],
  };
}

/** Where Google's sign-in pages are; the local provider's origin stands in for it in development. */
export const GOOGLE_SIGN_IN = 'https://accounts.google.com';

type CardFormOrigins = { [K in keyof (typeof SQUARE_ORIGINS)['sandbox']]: readonly string[] };

/** The emulator serves its stand-in card script and answers its calls from its own origin. */
function cardFormOrigins(square: Pick<SquareSettings, 'environment' | 'emulated' | 'webSdkUrl' | 'baseUrl'>): CardFormOrigins {
  if (!square.emulated) return SQUARE_ORIGINS[square.environment];
  const origins = [...new Set([new URL(square.webSdkUrl).origin, new URL(square.baseUrl).origin])];
  return { script: origins, connect: origins, frame: origins, style: origins, font: origins };
}

/**
 * The shop's pages may load only from the shop's own origin, plus what the card form needs. No
 * inline or evaluated script; inline styles are allowed because the card SDK sets them. Images and
 * the events film may come from any https origin (product photos synced from Square's catalogue live
 * on its CDN, Instagram's on its own).
 *
 * `devServer` (`npm run dev` only, refused in production): React's hot-reload preamble is an inline
 * script that Vite writes into each page, so inline scripts are allowed then; Vite's HMR websocket
 * is on the page's own origin, which 'self' already covers.
 */
export function contentSecurityPolicy(
  square: Pick<SquareSettings, 'environment' | 'emulated' | 'webSdkUrl' | 'baseUrl'>,
  production: boolean,
  signInOrigin = GOOGLE_SIGN_IN,
  devServer = false,
) {
  const card = cardFormOrigins(square);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    // The admin's sign-in form goes to the shop, which redirects to the account provider: a form's
    // redirects are held to form-action too.
    'form-action': ["'self'", signInOrigin],
    'frame-ancestors': ["'none'"],
    'script-src': ["'self'", ...card.script, ...(devServer && !production ? ["'unsafe-inline'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'", ...card.style],
    // Outside production, plain-http images and films too: the emulator's catalogue images, local stubs.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(production ? [] : ['http:'])],
    // The home page's events film (EVENTS_VIDEO_URL) may be hosted anywhere over https.
    'media-src': ["'self'", 'https:', ...(production ? [] : ['http:'])],
    'font-src': ["'self'", 'data:', ...card.font],
    'connect-src': ["'self'", ...card.connect],
    'frame-src': ["'self'", ...card.frame],
    // Over plain http (development) an upgrade would break the emulator's http origin.
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The headers every response carries, API answers included, as helmet sets them for the shop's
 * options. They do not depend on the request, so helmet runs once, here, rather than per request
 * (as @fastify/helmet does, which rebuilt its whole middleware chain for every response).
 */
export function securityHeaders(square: SquareSettings, production: boolean, signInOrigin = GOOGLE_SIGN_IN, devServer = false): Record<string, string> {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(square, production, signInOrigin, devServer) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    // Only browsers that reached the shop over https may be told to insist on it.
    strictTransportSecurity: production ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    // The card form may open the issuer's 3-D Secure window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // The storefront's widgets are loaded by script tags on other sites; CORS guards the API itself.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Sets the security headers on every response, before any route or error handler runs. */
export function sendSecurityHeaders(fastify: FastifyInstance, headers: Record<string, string>): void {
  fastify.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

import { readFile } from 'node:fs/promises';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { mintCardToken, type CardFormInput } from './card-tokens';
import type { HandlerContext, Reply } from './emulator-context';
import { EMULATOR_ACCESS_TOKEN } from './emulator-identity';
import type { PaymentRaw, StateStore } from './emulator-state';
import { Faults, parseFault } from './faults';
import { REFUND_OUTCOMES, type RefundOutcome, type RefundSettlement } from './refund-settlement';
import { ROUTES } from './routes';
import type { EmulatorNotice, WebhookSender } from './webhooks';
import { errorBody, internalError, invalidRequest, SquareApiError, serviceUnavailable, unauthorized } from './square-error';

const MAX_BODY_BYTES = 1024 * 1024;
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'Content-Type',
  'access-control-max-age': '600',
};

export interface EmulatorServerParts {
  store: StateStore;
  faults: Faults;
  webhooks: WebhookSender;
  /** How card refunds leave `PENDING`. */
  refunds: RefundSettlement;
  /** The card form stand-in's source, served at /v1/square.js. */
  cardScript: string;
  /** Where the demo product images are served from (`/images/products/<name>.svg`). */
  imagesDir: string;
  baseUrl(): string;
}

/**
 * The emulator's HTTP server: Square's REST API under /v2 (bearer token required, Square's error
 * bodies), the card form script under /v1, and the test controls under /emulator (no token; CORS
 * for any origin, as the card form calls them from the shop's page).
 */
export function createEmulatorServer(parts: EmulatorServerParts): { server: Server; cancelDelays(): void } {
  const delays = new Set<() => void>();
  const delay = (ms: number) =>
    new Promise<void>((done) => {
      const finish = () => {
        clearTimeout(timer);
        delays.delete(finish);
        done();
      };
      const timer = setTimeout(finish, ms);
      delays.add(finish);
    });

  // Idempotency keys of calls an `in-flight` fault is holding.
  const inFlight = new Set<string>();
  const server = createServer((req, res) => {
    handle(parts, { delay, inFlight }, req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, errorBody([internalError(String(error)).toWire()]));
      else res.destroy();
    });
  });
  return { server, cancelDelays: () => [...delays].forEach((finish) => finish()) };
}

interface Holds {
  delay(ms: number): Promise<void>;
  inFlight: Set<string>;
}

async function handle(parts: EmulatorServerParts, holds: Holds, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const path = url.pathname;
  const method = req.method ?? 'GET';

  if (path.startsWith('/v2/')) return handleSquareApi(parts, holds, req, res, url);
  if (path === '/v1/square.js' || path.startsWith('/emulator/')) {
    for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    if (method === 'OPTIONS') return void res.writeHead(204).end();
  }
  if (method === 'GET' && path === '/v1/square.js') {
    res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-cache', 'cross-origin-resource-policy': 'cross-origin' });
    return void res.end(parts.cardScript);
  }
  if (method === 'GET' && path.startsWith('/images/products/')) return serveImage(parts.imagesDir, path.slice('/images/products/'.length), res);
  if (path.startsWith('/emulator/')) {
    try {
      return await handleControls(parts, req, res, method, path);
    } catch (error) {
      if (!(error instanceof SquareApiError)) throw error;
      return send(res, error.status, { error: error.detail });
    }
  }
  send(res, 404, { error: `Nothing at ${path}` });
}

async function handleSquareApi(parts: EmulatorServerParts, { delay, inFlight }: Holds, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  try {
    const auth = req.headers.authorization;
    if (!auth) throw unauthorized("This request could not be authorized: the Authorization header is missing. Send 'Authorization: Bearer <access token>'.");
    if (auth !== `Bearer ${EMULATOR_ACCESS_TOKEN}`) throw unauthorized('The Authorization http header of your request was incorrect or the access token is invalid.');

    const candidates = ROUTES.filter((r) => r.pattern.test(url.pathname));
    const route = candidates.find((r) => r.method === req.method);
    if (!route) {
      if (candidates.length) throw new SquareApiError(405, 'INVALID_REQUEST_ERROR', 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${url.pathname}.`);
      throw new SquareApiError(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `The API endpoint ${url.pathname} is not known to the Square emulator.`);
    }
    const body = route.method === 'POST' || route.method === 'PUT' ? await readJson(req) : undefined;

    const key = idempotencyKeyOf(route.operation, body);
    if (key && inFlight.has(key)) {
      throw new SquareApiError(409, 'INVALID_REQUEST_ERROR', 'CONFLICT', 'A request with this idempotency key is still being processed.', 'idempotency_key');
    }
    const fault = parts.faults.take(route.operation);
    if (fault?.kind === 'unavailable') throw serviceUnavailable();
    if (fault?.kind === 'in-flight' && key) {
      inFlight.add(key);
      await delay(fault.delayMs).finally(() => inFlight.delete(key));
    }

    const notices: EmulatorNotice[] = [];
    const refundsMade: string[] = [];
    const ctx: HandlerContext = {
      state: parts.store.state,
      body,
      params: (route.pattern.exec(url.pathname) ?? []).slice(1).map(decodePathPart),
      query: url.searchParams,
      baseUrl: parts.baseUrl(),
      notify: (notice) => notices.push(notice),
      refundMade: (refundId) => refundsMade.push(refundId),
    };
    const reply: Reply = route.handle(ctx);
    if (route.mutates) await parts.store.save();
    for (const notice of notices) parts.webhooks.publish(notice);
    for (const refundId of refundsMade) parts.refunds.made(refundId);
    if (fault?.kind === 'slow') await delay(fault.delayMs);
    if (fault?.kind === 'drop') return void req.socket.destroy();
    if (fault?.kind === 'internal-error') throw internalError('An internal error occurred (a fault injected into the emulator, after the call was carried out).');
    send(res, reply.status, reply.body);
  } catch (error) {
    if (!(error instanceof SquareApiError)) throw error;
    send(res, error.status, errorBody([error.toWire()]));
  }
}

async function handleControls(parts: EmulatorServerParts, req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<void> {
  if (method === 'POST' && path === '/emulator/card-tokens') {
    const result = mintCardToken(parts.store.state, (await readJson(req)) as CardFormInput);
    if (result.status === 'OK') await parts.store.save();
    return send(res, 200, result);
  }
  if (method === 'GET' && path === '/emulator/payments') return send(res, 200, { payments: allPayments(parts) });
  if (path === '/emulator/webhooks') {
    if (method === 'GET') return send(res, 200, { subscriptions: parts.webhooks.list(), deliveries: parts.webhooks.deliveries() });
    if (method === 'DELETE') {
      parts.webhooks.unsubscribe();
      return void res.writeHead(204).end();
    }
    if (method === 'POST') {
      const given = (await readJson(req)) as { notificationUrl?: unknown; signatureKey?: unknown; retryDelaysMs?: unknown };
      const url = typeof given.notificationUrl === 'string' && /^https?:\/\//.test(given.notificationUrl) ? given.notificationUrl : undefined;
      const delays = Array.isArray(given.retryDelaysMs) && given.retryDelaysMs.every((d) => Number.isInteger(d) && d >= 0 && d <= 3_600_000) ? (given.retryDelaysMs as number[]) : undefined;
      if (!url || typeof given.signatureKey !== 'string' || !given.signatureKey || (given.retryDelaysMs !== undefined && !delays)) {
        return send(res, 400, { error: 'Send {"notificationUrl": "http(s)://…", "signatureKey": "…", "retryDelaysMs"?: [ms, …]}' });
      }
      parts.webhooks.subscribe({ notificationUrl: url, signatureKey: given.signatureKey }, delays ? { retryDelaysMs: delays } : {});
      return send(res, 201, { subscriptions: parts.webhooks.list() });
    }
  }
  // The emulator's stand-in for the order's page in Square's Dashboard, where the admin links to it.
  const orderPage = method === 'GET' ? /^\/emulator\/orders\/([^/]+)$/.exec(path) : null;
  if (orderPage) {
    const order = parts.store.state.orders[decodePathPart(orderPage[1]!)];
    return order ? send(res, 200, { order }) : send(res, 404, { error: `No order ${decodePathPart(orderPage[1]!)}` });
  }
  if (method === 'GET' && path === '/emulator/refunds') return send(res, 200, { refunds: Object.values(parts.store.state.refunds), held: parts.refunds.pending() });
  if (method === 'POST' && path === '/emulator/refunds/hold') {
    const { held } = ((await readJson(req)) ?? {}) as { held?: unknown };
    if (typeof held !== 'boolean') return send(res, 400, { error: 'Send {"held": true | false}' });
    parts.refunds.hold(held);
    return send(res, 200, { held });
  }
  const settling = method === 'POST' ? /^\/emulator\/refunds\/([^/]+)\/settle$/.exec(path) : null;
  if (settling) {
    const { status } = ((await readJson(req)) ?? {}) as { status?: unknown };
    if (!REFUND_OUTCOMES.includes(status as RefundOutcome)) return send(res, 400, { error: `status must be one of ${REFUND_OUTCOMES.join(', ')}` });
    return send(res, 200, { refund: await parts.refunds.settle(decodePathPart(settling[1]!), status as RefundOutcome) });
  }
  if (path === '/emulator/faults') {
    if (method === 'GET') return send(res, 200, { faults: parts.faults.pending() });
    if (method === 'DELETE') {
      parts.faults.clear();
      return void res.writeHead(204).end();
    }
    if (method === 'POST') {
      const parsed = parseFault(await readJson(req));
      if (typeof parsed === 'string') return send(res, 400, { error: parsed });
      parts.faults.next(parsed.operation, parsed.fault, parsed.times);
      return send(res, 201, { faults: parts.faults.pending() });
    }
  }
  send(res, 404, { error: `Nothing at ${method} ${path}` });
}

export function allPayments(parts: Pick<EmulatorServerParts, 'store'>): PaymentRaw[] {
  return structuredClone(Object.values(parts.store.state.payments));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new SquareApiError(413, 'INVALID_REQUEST_ERROR', 'REQUEST_ENTITY_TOO_LARGE', 'The request body is larger than 1 MB.');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidRequest('EXPECTED_JSON_BODY', 'The request body is not valid JSON.');
  }
}

async function serveImage(imagesDir: string, name: string, res: ServerResponse): Promise<void> {
  if (!imagesDir || !/^[a-z0-9-]+\.svg$/.test(name)) return send(res, 404, { error: 'No such image' });
  try {
    const svg = await readFile(join(resolve(imagesDir), name));
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600', 'cross-origin-resource-policy': 'cross-origin' });
    res.end(svg);
  } catch {
    send(res, 404, { error: 'No such image' });
  }
}

/** A path's `{id}` part; a malformed escape stays as sent (and so matches no id). */
function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The operation's idempotency key in the request body, when it takes one. */
function idempotencyKeyOf(operation: string, body: unknown): string | undefined {
  const key = (body as { idempotency_key?: unknown } | undefined)?.idempotency_key;
  return typeof key === 'string' ? `${operation}:${key}` : undefined;
}

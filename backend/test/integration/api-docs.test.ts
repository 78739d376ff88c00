import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import type { Browser } from 'playwright-core';
import { API_TYPES_FILE, apiTypesOf } from '../../src/platform/api-docs/api-types';
import { openApiSchema } from '../../src/platform/api-docs/zod-openapi';
import { loadSettings } from '../../src/platform/config/app-config';
import { errorBodySchema } from '../../src/platform/errors/error-body';
import { RouteEntry, routesOf } from '../../src/platform/web/route-table';
import { launchBrowser, watchCspViolations } from '../support/browser';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The API description at /api/docs-json against the app's own route table: every route is there
 * with its parameters, request body and answers; admin routes (those the admin guard refuses
 * without a session) carry the session-cookie scheme; errors refer to the one `ErrorBody`.
 */
interface Operation {
  parameters?: { name: string; in: string; schema?: object }[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: object }> }>;
  security?: Record<string, string[]>[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

/** Routes that are not the shop's API, and why they are left out of its description. */
const NOT_THE_API: [RegExp, string][] = [
  [/^\/api\/docs/, 'the description and its UI themselves'],
  [/^\/admin\/queues/, "Bull Board's own dashboard and its API (a package's, behind the admin guard)"],
  [/^\/\*$/, "the storefront's and admin app's pages (StorefrontController)"],
  [/^\/email-images\//, "the products' pictures as the emails show them, PNGs for mail clients (EmailImagesController)"],
  [/^\/uploads\//, 'the uploaded pictures, from their storage (UploadsController)'],
  [/^\/(sitemap\.xml|robots\.txt|feeds\/)/, "crawlers' and Merchant Center's files, in their own formats (SeoController)"],
];

/** Writes that read no request body. */
const NO_BODY = new Set([
  'POST /api/admin/outbox/retry-dead',
  'POST /api/auth/logout',
  'POST /api/admin/sync-square',
  'POST /api/admin/test-cart',
  'POST /api/cart/{cartId}/clear',
  'POST /api/cart/{cartId}/handover',
  'POST /api/cart/{cartId}/abandon',
  'POST /api/cart/{cartId}/recovery-email',
  'DELETE /api/cart/items/{itemId}',
]);

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

let t: TestApp;
let doc: Document;
let apiRoutes: RouteEntry[];

beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.http.get('/api/docs-json').expect(200).expect('content-type', /json/)).body;
  apiRoutes = routesOf(t.app.getHttpAdapter().getInstance()).filter((r) => r.method !== 'HEAD' && !r.servesFiles && !NOT_THE_API.some(([pattern]) => pattern.test(r.url)));
});
afterAll(() => t.close());

describe('the API description', () => {
  it('holds every registered route, and no route the app does not have', () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    const described = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(described.sort()).toEqual(apiRoutes.map((r) => `${r.method} ${openApiPath(r.url)}`).sort());
  });

  it('gives every route its path parameters, body and answers with their schemas', () => {
    for (const route of apiRoutes) {
      const name = `${route.method} ${openApiPath(route.url)}`;
      const op = doc.paths[openApiPath(route.url)][route.method.toLowerCase()];
      const pathParams = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const described = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect({ name, params: described.map((p) => p.name).sort() }).toEqual({ name, params: pathParams.sort() });
      for (const p of op.parameters ?? []) expect({ name, param: p.name, schema: Boolean(p.schema) }).toEqual({ name, param: p.name, schema: true });

      if (['POST', 'PUT', 'PATCH'].includes(route.method) && !NO_BODY.has(name)) {
        const bodies = Object.values(op.requestBody?.content ?? {});
        expect({ name, body: bodies.length > 0 && bodies.every((b) => b.schema) }).toEqual({ name, body: true });
      }

      const successes = Object.entries(op.responses).filter(([status]) => /^[23]/.test(status));
      expect({ name, answers: successes.length > 0 }).toEqual({ name, answers: true });
      for (const [status, answer] of successes) {
        const json = answer.content?.['application/json'];
        if (json) expect({ name, status, schema: Boolean(json.schema) }).toEqual({ name, status, schema: true });
        // Declared with `ApiAnswers`, not @nestjs/swagger's guess (a bare status with an empty description).
        const declared = Boolean(answer.content) || (answer.description ?? '') !== '';
        expect({ name, status, declared }).toEqual({ name, status, declared: true });
      }
      expect({ name, error: op.responses.default?.content?.['application/json']?.schema }).toEqual({ name, error: { $ref: '#/components/schemas/ErrorBody' } });
    }
  });

  it('describes request bodies from the zod schemas the routes validate with', () => {
    const add = doc.paths['/api/cart/{cartId}/items'].post.requestBody!.content['application/json'].schema as { properties: Record<string, object>; required: string[] };
    expect(add.required).toEqual(['productId']);
    expect(add.properties.quantity).toMatchObject({ type: 'integer', minimum: 1, maximum: 99, default: 1 });
    const rates = doc.paths['/api/shipping/rates'].get.parameters!;
    expect(rates.map((p) => [p.name, p.in])).toEqual([
      ['total', 'query'],
      ['zipCode', 'query'],
    ]);
  });

  it('describes the one error body once, from its zod schema', () => {
    expect(openApiSchema(errorBodySchema, 'output')).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    expect(Object.keys((doc.components.schemas.ErrorBody as { properties: object }).properties).sort()).toEqual(Object.keys(errorBodySchema.shape).sort());
    expect(doc.components.schemas.ErrorBody).toMatchObject({ required: ['statusCode', 'error', 'code', 'message', 'correlationId'] });
  });

  it('marks exactly the routes the admin guard refuses with the session-cookie scheme', async () => {
    expect(doc.components.securitySchemes.adminSession).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'dc_session' }));
    const uuid = '00000000-0000-4000-8000-000000000000';
    for (const route of apiRoutes) {
      const op = doc.paths[openApiPath(route.url)][route.method.toLowerCase()];
      const path = route.url.replace(/:(\w+)/g, (_, p: string) => (p === 'streamType' ? 'product' : /id$/i.test(p) ? uuid : 'x'));
      const res = await t.http[route.method.toLowerCase() as 'get'](path).redirects(0);
      const guarded = res.status === 401 && res.body?.code === 'SIGN_IN_REQUIRED' && res.body.message === 'Please sign in.';
      const marked = (op.security ?? []).some((s) => 'adminSession' in s);
      expect({ route: `${route.method} ${route.url}`, marked }).toEqual({ route: `${route.method} ${route.url}`, marked: guarded });
    }
  });
});

describe("the apps' generated API types", () => {
  it('are what the description gives now: run `npm run api:types` after changing the API', async () => {
    const expected = await apiTypesOf(doc as never);
    const committed = await readFile(API_TYPES_FILE, 'utf8').catch(() => '(missing)');
    // Compared as a whole, but named in the failure by file: a diff of 80 kB of types helps nobody.
    const file = relative(process.cwd(), API_TYPES_FILE);
    expect({ file, upToDate: committed === expected }).toEqual({ file, upToDate: true });
  });
});

describe('the API docs page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('loads its UI from the shop under the shop’s Content-Security-Policy, with no violation', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    const errors: string[] = [];
    const elsewhere: string[] = [];
    await watchCspViolations(page, (v) => violations.push(v));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith(t.baseUrl) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    const res = await page.goto(`${t.baseUrl}/api/docs`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.opblock-summary-path[data-path="/api/cart/{cartId}/items"]').first().waitFor({ timeout: 15_000 });
    await page.close();
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});

describe('serving the description', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://shop@db/shop',
    REDIS_URL: 'redis://redis:6379',
    SQUARE_ACCESS_TOKEN: 'token',
    SQUARE_APPLICATION_ID: 'app',
    SQUARE_LOCATION_ID: 'location',
    PUBLIC_URL: 'https://shop.example',
    LINK_SECRET: 'a long enough secret for the links',
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 'secret',
    ADMIN_EMAILS: 'studio@shop.example',
  };

  it('is off in production unless API_DOCS=true, on elsewhere unless API_DOCS=false', () => {
    expect(loadSettings(production).apiDocs).toBe(false);
    expect(loadSettings({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadSettings({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadSettings({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('answers 404 at /api/docs and /api/docs-json when turned off', async () => {
    const off = await startTestApp({ API_DOCS: 'false' });
    try {
      await off.http.get('/api/docs-json').expect(404);
      await off.http.get('/api/docs').expect(404);
    } finally {
      await off.close();
    }
  });
});

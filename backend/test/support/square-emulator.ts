import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SquareClient, SquareError } from 'square';
import {
  EMULATOR_ACCESS_TOKEN,
  EMULATOR_APPLICATION_ID,
  EMULATOR_LOCATION_ID,
  Fault,
  Operation,
  PaymentRaw,
  SquareEmulator,
  startSquareEmulator,
  WebhookDelivery,
} from '../../src/stand-ins';
import { loadSettings } from '../../src/platform/config/app-config';
import { storefrontImagesDir } from '../../src/site';

/** A Square emulator of the test's own, on a free port and its own data folder. */
export async function startTestEmulator(dataDir?: string): Promise<SquareEmulator & { dataDir: string; client: SquareClient; removeData(): Promise<void> }> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'dc-square-')));
  const emulator = await startSquareEmulator({ port: 0, dataDir: dir, imagesDir: storefrontImagesDir(loadSettings({})) });
  return Object.assign(emulator, {
    dataDir: dir,
    client: new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: emulator.url, maxRetries: 0 }),
    removeData: () => rm(dir, { recursive: true, force: true }),
  });
}

export interface WireAnswer {
  status: number;
  body: any;
}

/** A raw call, to look at the bytes on the wire rather than at what the SDK makes of them. */
export async function wire(emulator: { url: string }, method: string, path: string, body?: unknown, token: string | null = EMULATOR_ACCESS_TOKEN): Promise<WireAnswer> {
  const res = await fetch(emulator.url + path, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

interface StrictSchema {
  parse(raw: unknown, options: { unrecognizedObjectKeys: 'fail' }): { ok: true } | { ok: false; errors: { path: string[]; message: string }[] };
}

/** The problems the SDK's own schema finds in a wire body, in strict mode (unknown keys fail): [] when it conforms. */
export function schemaProblems(schema: StrictSchema, body: unknown): string[] {
  const result = schema.parse(body, { unrecognizedObjectKeys: 'fail' });
  return result.ok ? [] : result.errors.map((e) => `${e.path.join('.')}: ${e.message}`);
}

/** A card expiry year five years ahead, so the tests do not expire. */
export const FUTURE_YEAR = new Date().getUTCFullYear() + 5;
/** The same as the card form's YY. */
export const FUTURE_YY = String(FUTURE_YEAR % 100).padStart(2, '0');

/** Mints a card token the way the card form does. */
export async function mintToken(emulator: { url: string }, card: Partial<Record<'cardNumber' | 'expirationDate' | 'cvv' | 'postalCode', string>> = {}): Promise<any> {
  const res = await fetch(`${emulator.url}/emulator/card-tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      applicationId: EMULATOR_APPLICATION_ID,
      locationId: EMULATOR_LOCATION_ID,
      cardNumber: '4111 1111 1111 1111',
      expirationDate: `12/${FUTURE_YY}`,
      cvv: '111',
      postalCode: '12345',
      ...card,
    }),
  });
  return res.json();
}

/**
 * The test controls of an emulator reached over HTTP: one that a running shop started (pass the
 * shop's address to `emulatorOfShop`) or one in another process.
 */
export function remoteEmulator(url: string) {
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}/emulator/${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} /emulator/${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  return {
    url,
    /** Lines a fault up for the next `times` calls of `operation` (see docs/square-emulator.md). */
    fault: (operation: Operation, fault: Fault, times = 1) => control('POST', 'faults', { operation, ...fault, times }),
    clearFaults: () => control('DELETE', 'faults'),
    /** Every payment made, failed ones included, as on the wire. */
    payments: async (): Promise<PaymentRaw[]> => ((await control('GET', 'payments')) as { payments: PaymentRaw[] }).payments,
    /** Sends the emulator's webhooks (`inventory.count.updated`) to `notificationUrl` too. */
    subscribeWebhooks: (subscription: { notificationUrl: string; signatureKey: string; retryDelaysMs?: number[] }) => control('POST', 'webhooks', subscription),
    /** Its webhook subscriptions (keys hidden) and every delivery with its attempts. */
    webhooks: async (): Promise<{ subscriptions: { notificationUrl: string; signatureKey: string }[]; deliveries: WebhookDelivery[] }> => (await control('GET', 'webhooks')) as any,
  };
}

/** The emulator a running shop talks to, found through its `GET /api/square/config`. */
export async function emulatorOfShop(shopUrl: string): Promise<ReturnType<typeof remoteEmulator>> {
  const config = (await (await fetch(`${shopUrl}/api/square/config`)).json()) as { webSdkUrl: string };
  return remoteEmulator(config.webSdkUrl.replace(/\/v1\/square\.js$/, ''));
}

/**
 * Tokens for `count` different Visa cards (or `count` entries of `cardNumber`): each card has its
 * own fingerprint, where every payment with `cnon:card-nonce-ok` is the one sandbox card.
 */
export async function mintCardTokens(emulator: { url: string }, count: number, cardNumber?: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const result = await mintToken(emulator, { cardNumber: cardNumber ?? visaNumber() });
    if (result.status !== 'OK') throw new Error(`the emulator minted no token: ${JSON.stringify(result)}`);
    tokens.push(result.token);
  }
  return tokens;
}

/** A random 16-digit Visa number with its Luhn check digit. */
function visaNumber(): string {
  const body = `4${Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('')}`;
  const sum = [...body].reverse().reduce((acc, d, i) => {
    const n = Number(d) * (i % 2 === 0 ? 2 : 1);
    return acc + (n > 9 ? n - 9 : n);
  }, 0);
  return body + ((10 - (sum % 10)) % 10);
}

/** The SquareError a call fails with (the test fails if it does not fail so). */
export async function squareError(call: Promise<unknown>): Promise<SquareError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SquareError);
  return error as SquareError;
}

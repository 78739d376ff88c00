import { isIP } from 'node:net';

/**
 * Which proxies' `X-Forwarded-For` entries are believed, as Fastify's `trustProxy` takes it: how
 * many hops in front of the shop, or the proxies' addresses (CIDRs, or proxy-addr's names
 * `loopback`, `linklocal`, `uniquelocal`). Entries added by anyone else are the client's own claim.
 */
export type TrustProxy = number | string[];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `1` (hops), `10.0.0.0/8,192.168.1.5`, `uniquelocal`; undefined for anything else. */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  if (/^\s*\d{1,2}\s*$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(isProxyAddress)) return undefined;
  return entries;
}

/**
 * Fastify's `trustProxy` for the setting. Fastify no longer takes a hop count itself (a count cannot
 * tell the balancer from a client that reached the shop directly, whose header it would then
 * believe); the shop still offers one, for a host whose API is reachable only through its
 * balancer, as the rule Fastify used to make of it: the nearest `hops` addresses are proxies.
 */
export function fastifyTrustProxy(trust: TrustProxy | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

function isProxyAddress(entry: string): boolean {
  if (NAMES.has(entry) || isIP(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const family = isIP(address!);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
}

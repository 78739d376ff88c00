import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('takes a hop count', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(parseTrustProxy('0')).toBe(0);
  });

  it('takes addresses, CIDRs and the names of address ranges', () => {
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5,fd00::/8,::1')).toEqual(['10.0.0.0/8', '192.168.1.5', 'fd00::/8', '::1']);
    expect(parseTrustProxy('loopback,uniquelocal,linklocal')).toEqual(['loopback', 'uniquelocal', 'linklocal']);
  });

  it('refuses anything else', () => {
    for (const bad of ['', ' , ', 'yes', 'true', '10.0.0.0/33', '::/129', '10.0.0/8', '10.0.0.0/8/1', '10.0.0.0/', 'lb.internal', '-1', '1.5', '100']) {
      expect(parseTrustProxy(bad)).toBeUndefined();
    }
  });

  it('is given to Fastify as a rule for a hop count, as the list itself otherwise', () => {
    const twoHops = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.2', hop))).toEqual([true, true, false]);
    expect((fastifyTrustProxy(0) as (address: string, hop: number) => boolean)('127.0.0.1', 0)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(undefined)).toBe(false);
  });
});

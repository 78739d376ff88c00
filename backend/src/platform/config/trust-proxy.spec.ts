import { parseTrustProxy } from './trust-proxy';

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
});

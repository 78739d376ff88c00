import { BlockList } from 'node:net';
import fc from 'fast-check';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address whole, whatever the IPv6 prefix', () => {
    expect(clientAddressKey('203.0.113.5', 64)).toBe('203.0.113.5');
    expect(clientAddressKey('203.0.113.5', 0)).toBe('203.0.113.5');
  });

  it('counts an IPv6 address by its first 64 bits', () => {
    expect(clientAddressKey('2001:db8:1:2:3:4:5:6', 64)).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2:ffff:ffff:ffff:ffff', 64)).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:3::1', 64)).toBe('2001:db8:1:3::/64');
  });

  it('reads `::` wherever it stands, and writes the key canonically', () => {
    for (const spelling of ['2001:db8::1', '2001:DB8:0:0::1', '2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8:0:0:0:0:0:1']) {
      expect(clientAddressKey(spelling, 128)).toBe('2001:db8::1/128');
      expect(clientAddressKey(spelling, 64)).toBe('2001:db8::/64');
    }
    expect(clientAddressKey('::', 64)).toBe('::/64');
    expect(clientAddressKey('::1', 128)).toBe('::1/128');
    expect(clientAddressKey('1::', 128)).toBe('1::/128');
    expect(clientAddressKey('1:2:3:4:5:6:7::', 128)).toBe('1:2:3:4:5:6:7:0/128');
    expect(clientAddressKey('1:0:0:2:0:0:0:3', 128)).toBe('1:0:0:2::3/128');
    // Of two equal runs of zeros, the first is shortened; a single zero word is not.
    expect(clientAddressKey('1:0:0:2:3:0:0:4', 128)).toBe('1::2:3:0:0:4/128');
    expect(clientAddressKey('1:0:2:3:4:5:6:7', 128)).toBe('1:0:2:3:4:5:6:7/128');
  });

  it('takes the prefix to the bit, 0 to 128', () => {
    expect(clientAddressKey('2001:db8:abcd:ef12::1', 56)).toBe('2001:db8:abcd:ef00::/56');
    expect(clientAddressKey('2001:db8:abcd:ef12::1', 48)).toBe('2001:db8:abcd::/48');
    expect(clientAddressKey('2001:db8:abcd:ef12::1', 33)).toBe('2001:db8:8000::/33');
    expect(clientAddressKey('2001:db8:abcd:ef12::1', 1)).toBe('::/1');
    expect(clientAddressKey('ffff:db8:abcd:ef12::1', 1)).toBe('8000::/1');
    expect(clientAddressKey('2001:db8:abcd:ef12::1', 0)).toBe('::/0');
    expect(clientAddressKey('2001:db8::ffff', 127)).toBe('2001:db8::fffe/127');
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    expect(clientAddressKey('::ffff:203.0.113.5', 64)).toBe('203.0.113.5');
    expect(clientAddressKey('::FFFF:cb00:7105', 64)).toBe('203.0.113.5');
    expect(clientAddressKey('0:0:0:0:0:ffff:203.0.113.5', 64)).toBe('203.0.113.5');
    // Other addresses with an IPv4 tail are IPv6 ones (NAT64's prefix here).
    expect(clientAddressKey('64:ff9b::203.0.113.5', 128)).toBe('64:ff9b::cb00:7105/128');
    expect(clientAddressKey('::203.0.113.5', 128)).toBe('::cb00:7105/128');
  });

  it('drops a zone id', () => {
    expect(clientAddressKey('fe80::1%eth0', 64)).toBe('fe80::/64');
    expect(clientAddressKey('fe80::1%25', 128)).toBe('fe80::1/128');
  });

  it('returns what is not an address as it came', () => {
    for (const text of ['', 'unknown', '2001:db8:::1', '1.2.3', '::ffff:1.2.3.256']) expect(clientAddressKey(text, 64)).toBe(text);
  });

  it("agrees with Node's BlockList: an address's key names the subnet that holds it, and every address in it has that key", () => {
    const word = fc.integer({ min: 0, max: 0xffff });
    const words = fc.array(fc.oneof(word, fc.constant(0)), { minLength: 8, maxLength: 8 }).filter((ws) => !(ws.slice(0, 5).every((w) => w === 0) && ws[5] === 0xffff));
    fc.assert(
      fc.property(words, words, fc.integer({ min: 0, max: 128 }), (a, b, prefix) => {
        const address = a.map((w) => w.toString(16)).join(':');
        const key = clientAddressKey(address, prefix);
        const [network, bits] = key.split('/');
        expect(Number(bits)).toBe(prefix);
        const subnet = new BlockList();
        subnet.addSubnet(network!, prefix, 'ipv6');
        expect(subnet.check(address, 'ipv6')).toBe(true);
        // Another address: in the subnet exactly when it has the same key.
        const other = b.map((w) => w.toString(16)).join(':');
        expect(clientAddressKey(other, prefix) === key).toBe(subnet.check(other, 'ipv6'));
        // The key is the address as written canonically (Node's URL host writes them so too).
        if (prefix === 128) expect(`[${network}]`).toBe(new URL(`http://[${address}]/`).hostname);
      }),
      { numRuns: 500 },
    );
  });
});

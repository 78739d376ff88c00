import { isIPv4, isIPv6 } from 'node:net';

/**
 * What counts as one client's address for a limit: an IPv4 address whole, an IPv6 one by its first
 * `ipv6Prefix` bits (`2001:db8:1:2::/64`), since one household or one server is handed a whole
 * /64 and can pick a new address in it for every request. An IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.5`, what a dual-stack socket reports for an IPv4 client) is that IPv4
 * address. Written canonically (RFC 5952), so one address spelt two ways is one client; a zone id
 * (`fe80::1%eth0`) is dropped. Anything else is returned as it came.
 */
export function clientAddressKey(address: string, ipv6Prefix: number): string {
  const bare = address.split('%', 1)[0]!;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const words = ipv6Words(bare);
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return `${words[6]! >> 8}.${words[6]! & 0xff}.${words[7]! >> 8}.${words[7]! & 0xff}`;
  return `${formatIpv6(words.map((word, i) => word & wordMask(ipv6Prefix - 16 * i)))}/${ipv6Prefix}`;
}

/** The eight 16-bit words of a valid IPv6 address (`isIPv6`), `::` filled in, an IPv4 tail as two words. */
function ipv6Words(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const [a, b, c, d] = text
      .slice(lastColon + 1)
      .split('.')
      .map(Number);
    tail.push((a! << 8) | b!, (c! << 8) | d!);
    // `::ffff:1.2.3.4` leaves `::ffff:`, `::1.2.3.4` leaves `::`.
    text = text.slice(0, text.endsWith('::', lastColon + 1) ? lastColon + 1 : lastColon);
  }
  const hex = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const [head, rest] = text.split('::') as [string, string | undefined];
  if (rest === undefined) return [...hex(head), ...tail];
  const left = hex(head);
  const right = hex(rest);
  return [...left, ...new Array<number>(8 - left.length - right.length - tail.length).fill(0), ...right, ...tail];
}

/** The mask of a word that `bits` of the prefix cover (none below 0, all from 16). */
const wordMask = (bits: number) => (0xffff << (16 - Math.min(16, Math.max(0, bits)))) & 0xffff;

/** RFC 5952: lower-case hex without leading zeros, the longest run of two or more zero words (the first of equals) as `::`. */
function formatIpv6(words: number[]): string {
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8;) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  const hex = (ws: number[]) => ws.map((w) => w.toString(16)).join(':');
  if (best.start < 0) return hex(words);
  return `${hex(words.slice(0, best.start))}::${hex(words.slice(best.start + best.length))}`;
}

import dns from "node:dns";
import net from "node:net";

/**
 * Which hosts the template server may be (issue 31 §10; docs/decisions/0050-template-server-connections.md).
 * The address an admin types is fetched by this server, from inside the operator's network: without
 * a rule it reaches loopback services, the cloud metadata address and the LAN. Refused unless
 * TEMPLATE_SERVER_ALLOW_PRIVATE=1 (tests, on-premise pairs): every address that is not globally
 * routable — IPv4 and IPv6, also inside IPv4-mapped, NAT64 and 6to4 addresses.
 */

/** IPv4 ranges that are not public (RFC 6890 and its successors): [first octets as a number, prefix length]. */
const PRIVATE_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 reaches the local host
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
];

/** IPv6 ranges that are not public: [prefix as eight hextets, prefix length]. Embedded IPv4 is checked separately. */
const PRIVATE_V6: [number[], number][] = [
  [[0, 0, 0, 0, 0, 0, 0, 0], 96], // unspecified, loopback, IPv4-compatible (deprecated)
  [[0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48], // NAT64 for local use
  [[0x100, 0, 0, 0, 0, 0, 0, 0], 64], // discard
  [[0x2001, 0, 0, 0, 0, 0, 0, 0], 23], // IETF protocol assignments (Teredo, ORCHID, …)
  [[0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], 32], // documentation
  [[0xfc00, 0, 0, 0, 0, 0, 0, 0], 7], // unique local
  [[0xfe80, 0, 0, 0, 0, 0, 0, 0], 10], // link-local
  [[0xfec0, 0, 0, 0, 0, 0, 0, 0], 10], // site-local (deprecated)
  [[0xff00, 0, 0, 0, 0, 0, 0, 0], 8], // multicast
];

function v4Number(ip: string): number {
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function inV4Range(ip: string, [base, bits]: [string, number]): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(v4Number(ip) / size) === Math.floor(v4Number(base) / size);
}

/** The eight hextets of a valid IPv6 address (a zone id and a dotted IPv4 tail are allowed). */
function hextets(ip: string): number[] {
  let text = ip.split("%")[0];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = v4Number(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((h) => parseInt(h, 16));
}

function inV6Range(words: number[], [base, bits]: [number[], number]): boolean {
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((words[i] & mask) !== (base[i] & mask)) return false;
  }
  return true;
}

const v4FromWords = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedV4(words: number[]): string | null {
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return v4FromWords(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4FromWords(words[6], words[7]);
  if (words[0] === 0x2002) return v4FromWords(words[1], words[2]);
  return null;
}

/** True for an address the template server may not be without the allow-setting; anything that is not an IP address counts as private. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  if (net.isIPv4(bare)) return PRIVATE_V4.some((range) => inV4Range(bare, range));
  if (!net.isIPv6(bare.split("%")[0])) return true;
  const words = hextets(bare);
  const v4 = embeddedV4(words);
  if (v4) return isPrivateAddress(v4);
  return PRIVATE_V6.some((range) => inV6Range(words, range));
}

/** A host the rule refused; the screens say "Connection error" as for any other failure, the log says why. */
export class AddressRefused extends Error {
  constructor(host: string, address: string) {
    super(`address not allowed for the template server: ${host} → ${address}`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets to the template server: resolves the name, refuses it when any of its
 * addresses is private, and hands the socket exactly the addresses it checked — the connection
 * goes to a checked address even if the name resolves differently a moment later (DNS rebinding).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, "");
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(Object.assign(new AddressRefused(hostname, refused.address), { code: "EADDRREFUSED" }), "");
      if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "");
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Refuses a URL whose host is a private IP literal (sockets skip `lookup` for literals; names are checked by guardedLookup). */
export function checkLiteralHost(url: URL, allowPrivate: boolean): void {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && net.isIP(host) && isPrivateAddress(host)) throw new AddressRefused(url.hostname, host);
}

/**
 * Where the offer webhook may post (DECISIONS.md, Offer webhook; decision 011). A seller chooses the
 * URL, so without this policy the server would post — and show the answer's status — to whatever
 * it can reach: its own loopback services, the private network, the cloud's metadata endpoint.
 *
 * Three layers, all here:
 * - `checkWebhookUrl`: the URL alone (scheme, IP literals, obviously internal names), at save time
 *   and again before each delivery;
 * - `checkIpAddress`: one address against the table of refused ranges below;
 * - `resolveWebhookTarget`: the URL, then every address its host resolves to; the delivery then
 *   connects to the checked address only (`send-webhook.ts`), so a second DNS answer cannot swap
 *   in an internal address between the check and the connection.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export interface AddressPolicy {
  /** `http:` besides `https:` (development and test configurations). */
  allowHttp: boolean;
  /** 127.0.0.1 and ::1 only: the tests' receivers (`WEBHOOK_ALLOW_LOOPBACK`, test only). */
  allowLoopback: boolean;
}

export type RefusalReason =
  | 'scheme'
  | 'internal-name'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

export interface Refusal {
  ok: false;
  reason: RefusalReason;
  /** What was refused: the scheme, the host, or `<host> → <address it resolved to>`. */
  detail: string;
}
export type AddressCheck = { ok: true } | Refusal;

/** The host did not resolve, or not in time: unlike a refusal, worth trying again. */
export interface Unresolved {
  ok: false;
  reason: 'unresolved';
  host: string;
}

/** The refused ranges and why. IPv4-mapped and NAT64 IPv6 addresses are checked as their IPv4. */
const REFUSED_RANGES: readonly [cidr: string, reason: RefusalReason][] = [
  ['0.0.0.0/8', 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0/8', 'private'], // RFC 1918
  ['100.64.0.0/10', 'private'], // carrier-grade NAT, RFC 6598
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'], // includes the cloud metadata address 169.254.169.254
  ['172.16.0.0/12', 'private'], // RFC 1918
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments (incl. 192.0.0.192, Oracle metadata)
  ['192.0.2.0/24', 'reserved'], // TEST-NET-1
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast
  ['192.168.0.0/16', 'private'], // RFC 1918
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['198.51.100.0/24', 'reserved'], // TEST-NET-2
  ['203.0.113.0/24', 'reserved'], // TEST-NET-3
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'], // future use, and 255.255.255.255 broadcast
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::/96', 'reserved'], // IPv4-compatible (deprecated)
  ['64:ff9b:1::/48', 'reserved'], // local-use NAT64
  ['100::/64', 'reserved'], // discard-only
  ['2001::/23', 'reserved'], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ['2001:db8::/32', 'reserved'], // documentation
  ['2002::/16', 'reserved'], // 6to4: embeds any IPv4 address, private ones too
  ['3fff::/20', 'reserved'], // documentation (RFC 9637)
  ['fc00::/7', 'private'], // unique local
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'], // site-local (deprecated)
  ['ff00::/8', 'multicast'],
];

/** One block list per reason, so a refusal can say which range it fell in. */
const BLOCK_LISTS = new Map<RefusalReason, BlockList>();
for (const [cidr, reason] of REFUSED_RANGES) {
  const [network, prefix] = cidr.split('/') as [string, string];
  const list = BLOCK_LISTS.get(reason) ?? new BlockList();
  list.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
  BLOCK_LISTS.set(reason, list);
}

/** Anything outside global unicast (2000::/3) is not an internet address. */
const IPV6_GLOBAL_UNICAST = new BlockList();
IPV6_GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/** Names that only mean something inside a network, whatever they resolve to today. */
const INTERNAL_NAMES = ['localhost', 'metadata', 'metadata.google.internal', 'instance-data'];
const INTERNAL_SUFFIXES = [
  '.localhost',
  '.local',
  '.internal',
  '.localdomain',
  '.home.arpa',
  '.lan',
  '.intranet',
];

const LOOPBACK_ALLOWANCE = new Set(['127.0.0.1', '::1']);

const refuse = (reason: RefusalReason, detail: string): Refusal => ({ ok: false, reason, detail });

/** The 16 bytes of an IPv6 address (no zone), or null when it is not one. */
function ipv6Bytes(address: string): number[] | null {
  if (isIP(address) !== 6 || address.includes('%')) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  const words =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((w: number) => [w >> 8, w & 0xff]);
}

/** The IPv4 address an IPv6 address carries: `::ffff:a.b.c.d` (mapped) or `64:ff9b::a.b.c.d` (NAT64). */
function embeddedIpv4(bytes: number[]): { ipv4: string; kind: 'mapped' | 'NAT64' } | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const ipv4 = bytes.slice(12).join('.');
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return { ipv4, kind: 'mapped' };
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) {
    return { ipv4, kind: 'NAT64' };
  }
  return null;
}

/** Whether the webhook may connect to this IP address. */
export function checkIpAddress(address: string, policy: AddressPolicy): AddressCheck {
  const family = isIP(address);
  // Not an IP address at all (a resolver's odd answer): nothing to connect to.
  if (family === 0) return refuse('reserved', address);
  if (policy.allowLoopback && LOOPBACK_ALLOWANCE.has(address.toLowerCase())) return { ok: true };
  if (family === 6) {
    const bytes = ipv6Bytes(address);
    // A zone (`fe80::1%eth0`) only means something on a link-local address.
    if (!bytes) return refuse('link-local', address);
    const embedded = embeddedIpv4(bytes);
    if (embedded) {
      const inner = checkIpAddress(embedded.ipv4, { ...policy, allowLoopback: false });
      return inner.ok ? inner : refuse(inner.reason, `${address} (${embedded.kind} ${embedded.ipv4})`);
    }
  }
  const type = family === 6 ? 'ipv6' : 'ipv4';
  for (const [reason, list] of BLOCK_LISTS) {
    if (list.check(address, type)) return refuse(reason, address);
  }
  if (family === 6 && !IPV6_GLOBAL_UNICAST.check(address, 'ipv6')) return refuse('reserved', address);
  return { ok: true };
}

/** `[::1]` → `::1`; `example.com.` → `example.com`. */
export function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/**
 * The URL alone: its scheme, and its host when that is an IP literal or an internal name. Names
 * that resolve somewhere internal are caught by `resolveWebhookTarget` at delivery.
 */
export function checkWebhookUrl(url: URL, policy: AddressPolicy): AddressCheck {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    return refuse('scheme', url.protocol);
  }
  const host = bareHost(url);
  if (isIP(host)) return checkIpAddress(host, policy);
  if (
    INTERNAL_NAMES.includes(host) ||
    INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix)) ||
    // A single label resolves through the server's search domains: an intranet name.
    !host.includes('.')
  ) {
    return refuse('internal-name', host);
  }
  return { ok: true };
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to; injectable so tests need no DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver, as the connection itself would use it (getaddrinfo, hosts file included). */
export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export type WebhookTarget = { ok: true; url: URL; address: ResolvedAddress } | Refusal | Unresolved;

/**
 * Checks the URL, resolves its host and checks every address (one bad address refuses the host:
 * which one a client would pick is not ours to predict). Answers the address to connect to.
 */
export async function resolveWebhookTarget(
  url: URL,
  policy: AddressPolicy,
  resolve: Resolver = systemResolver,
): Promise<WebhookTarget> {
  const byUrl = checkWebhookUrl(url, policy);
  if (!byUrl.ok) return byUrl;
  const host = bareHost(url);
  const family = isIP(host);
  if (family) return { ok: true, url, address: { address: host, family: family === 6 ? 6 : 4 } };
  let addresses: ResolvedAddress[] = [];
  try {
    addresses = await resolve(host);
  } catch {
    // Not found, or the look-up failed or timed out: the same to the seller, and retried.
  }
  if (!addresses.length) return { ok: false, reason: 'unresolved', host };
  for (const { address } of addresses) {
    const check = checkIpAddress(address, policy);
    if (!check.ok) return refuse(check.reason, `${host} → ${check.detail}`);
  }
  return { ok: true, url, address: addresses[0]! };
}

/**
 * What the seller wrote that was refused (the scheme, host or IP literal), for the delivery log:
 * never the address a name resolved to inside our network, which is not theirs to learn.
 */
export function refusedAsWritten(check: Refusal): string {
  return check.detail.split(' → ')[0]!;
}

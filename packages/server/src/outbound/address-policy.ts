import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may call out to (GUIDE "Safety rules": every outbound call goes
 * through one guarded client). Parsing is ipaddr.js's, so every spelling of an address — decimal
 * `2130706433`, octal `0177.0.0.1`, hex `0x7f.1`, short `127.1`, IPv6 with an embedded IPv4 — is
 * read as the operating system would read it before it is judged.
 *
 * Only public unicast is allowed: IPv4 whose ipaddr.js range is `unicast` (so not loopback,
 * RFC 1918, CGNAT 100.64/10, link-local, multicast, broadcast, 0/8, the documentation, benchmark and
 * reserved blocks) and IPv6 global unicast (2000::/3) that embeds no IPv4 (IPv4-mapped, NAT64
 * 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16 are judged by the IPv4 inside; Teredo is refused).
 * Cloud metadata addresses are refused even when an operator's allow-list would admit them.
 */

export type AddressVerdict =
  | { allowed: true; /** The canonical address to connect to. */ address: string; family: 4 | 6 }
  | { allowed: false; reason: string };

const METADATA_ADDRESSES = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean…
  '169.254.170.2', // AWS ECS task metadata
  '169.254.170.23', // AWS EKS pod identity
  '100.100.100.200', // Alibaba Cloud
  'fd00:ec2::254', // AWS over IPv6
  'fd00:ec2::23',
]);

/** Host names refused whatever they resolve to (the allow-list's `host:port` entries aside). */
const FORBIDDEN_NAMES = [
  /^localhost$/,
  /\.localhost$/,
  /^metadata$/,
  /^metadata\.google\.internal$/,
  /^metadata\.goog$/,
  /^instance-data(\.ec2\.internal)?$/,
];

/** Lower case, without the trailing dot of a fully qualified name and without IPv6 brackets. */
export function normaliseHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  while (h.endsWith('.')) h = h.slice(0, -1);
  return h;
}

export function isForbiddenName(host: string): boolean {
  const h = normaliseHost(host);
  return FORBIDDEN_NAMES.some((re) => re.test(h));
}

/** Parses any spelling of an address, or null when `text` is not an address. */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const t = normaliseHost(text);
  if (!ipaddr.isValid(t)) return null;
  try {
    return ipaddr.parse(t);
  } catch {
    return null;
  }
}

export function isMetadataAddress(addr: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    const embedded = embeddedIPv4(v6);
    if (embedded) return METADATA_ADDRESSES.has(embedded.toString());
    return METADATA_ADDRESSES.has(new ipaddr.IPv6(v6.parts).toString());
  }
  return METADATA_ADDRESSES.has(addr.toString());
}

/** The IPv4 address an IPv6 address carries (mapped, SIIT, NAT64, 6to4), or null. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  const range = v6.range() as string;
  const low = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return low(p[6] ?? 0, p[7] ?? 0);
  if (range === '6to4') return low(p[1] ?? 0, p[2] ?? 0);
  // IPv4-compatible (::a.b.c.d, deprecated): the first 96 bits are zero.
  if (p.slice(0, 6).every((x) => x === 0) && ((p[6] ?? 0) !== 0 || (p[7] ?? 0) > 1))
    return low(p[6] ?? 0, p[7] ?? 0);
  return null;
}

function judgeV4(v4: ipaddr.IPv4): AddressVerdict {
  const range = v4.range();
  if (METADATA_ADDRESSES.has(v4.toString())) return { allowed: false, reason: 'metadata' };
  if (range !== 'unicast') return { allowed: false, reason: range };
  return { allowed: true, address: v4.toString(), family: 4 };
}

/** Whether the server may connect to this address (no allow-list applied). */
export function judgeAddress(text: string): AddressVerdict {
  const addr = parseAddress(text);
  if (!addr) return { allowed: false, reason: 'not an address' };
  if (addr.kind() === 'ipv4') return judgeV4(addr as ipaddr.IPv4);
  const v6 = addr as ipaddr.IPv6;
  if (v6.zoneId) return { allowed: false, reason: 'scoped address' };
  const range = v6.range() as string;
  if (range === 'teredo') return { allowed: false, reason: 'teredo' };
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    const verdict = judgeV4(embedded);
    // NAT64 and 6to4 reach the IPv4 host only through a gateway; connect to the IPv4 itself.
    return verdict.allowed ? verdict : { allowed: false, reason: `${range} → ${verdict.reason}` };
  }
  if (METADATA_ADDRESSES.has(v6.toString())) return { allowed: false, reason: 'metadata' };
  const globalUnicast = ((v6.parts[0] ?? 0) & 0xe000) === 0x2000;
  if (range !== 'unicast' || !globalUnicast) return { allowed: false, reason: range };
  return { allowed: true, address: v6.toString(), family: 6 };
}

// ---------------------------------------------------------------------------------------------
// Operator allow-list (OUTBOUND_ALLOW): internal targets the automations may call.

export type AllowEntry =
  | { kind: 'hostPort'; host: string; port: number }
  | { kind: 'cidr'; range: [ipaddr.IPv4 | ipaddr.IPv6, number]; text: string };

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/**
 * Parses `OUTBOUND_ALLOW`: comma-separated `host:port` (a name, an IPv4 or `[IPv6]`), CIDR ranges
 * (`10.1.0.0/16`, `fd12::/64`) or single addresses. Throws with the offending entry.
 */
export function parseAllowList(text: string | undefined): AllowEntry[] {
  if (!text) return [];
  const entries: AllowEntry[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    if (item.includes('/')) {
      if (!ipaddr.isValidCIDR(item)) throw new Error(`faixa inválida: ${item}`);
      const range = ipaddr.parseCIDR(item);
      entries.push({ kind: 'cidr', range, text: item });
      continue;
    }
    if (parseAddress(item)) {
      const addr = ipaddr.parse(normaliseHost(item));
      entries.push({ kind: 'cidr', range: [addr, addr.kind() === 'ipv4' ? 32 : 128], text: item });
      continue;
    }
    const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(item);
    const port = m ? Number(m[2]) : NaN;
    if (!m || !(port >= 1 && port <= 65535)) throw new Error(`use host:porta ou uma faixa CIDR: ${item}`);
    const hostText = m[1] ?? '';
    const addr = parseAddress(hostText);
    const host = addr ? canonicalHost(addr) : normaliseHost(hostText);
    if (!addr && !HOST_NAME.test(host)) throw new Error(`nome de host inválido: ${item}`);
    entries.push({ kind: 'hostPort', host, port });
  }
  return entries;
}

function canonicalHost(addr: ipaddr.IPv4 | ipaddr.IPv6): string {
  return addr.kind() === 'ipv6' ? (addr as ipaddr.IPv6).toNormalizedString() : addr.toString();
}

/** The host as an allow-list entry names it (addresses in one spelling). */
export function allowKeyOfHost(host: string): string {
  const addr = parseAddress(host);
  return addr ? canonicalHost(addr) : normaliseHost(host);
}

/** True when an operator allowed this host and port by name (or literal address). */
export function allowedByHostPort(allow: AllowEntry[], host: string, port: number): boolean {
  const key = allowKeyOfHost(host);
  return allow.some((e) => e.kind === 'hostPort' && e.host === key && e.port === port);
}

/** True when an operator allowed this address by range. */
export function allowedByRange(allow: AllowEntry[], address: string): boolean {
  const addr = parseAddress(address);
  if (!addr) return false;
  return allow.some((e) => {
    if (e.kind !== 'cidr') return false;
    const [net] = e.range;
    if (net.kind() !== addr.kind()) return false;
    return addr.match(e.range);
  });
}

/**
 * Whether the guarded client would refuse this URL's host before resolving it: a name refused
 * whatever it resolves to, or an address literal the policy refuses (the allow-list applied as the
 * client applies it). Lets a caller turn away a stored target early (push subscriptions); a name
 * that passes may still be refused once the client resolves it.
 */
export function refusedBeforeLookup(url: URL, allow: AllowEntry[]): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return true;
  if (url.username || url.password) return true;
  const host = normaliseHost(url.hostname);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const byName = allowedByHostPort(allow, host, port);
  const literal = parseAddress(host);
  if (!literal) return isForbiddenName(host) && !byName;
  if (isMetadataAddress(literal)) return true;
  return !(judgeAddress(host).allowed || byName || allowedByRange(allow, host));
}

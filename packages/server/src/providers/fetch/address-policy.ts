import net from 'node:net';

/**
 * Addresses outbound fetches may not reach: loopback, private, link-local, carrier-grade
 * NAT, multicast, reserved and unspecified ranges, for IPv4 and IPv6 (incl. mapped IPv4).
 */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** True when `address` is in a private, loopback or otherwise internal range. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/**
 * Which internal destinations are allowed anyway: none by default; `*` for all (intranet
 * deployments); or a list of `host:port` (tests allow exactly their local fake's port).
 */
export type PrivateAllowance = { kind: 'none' } | { kind: 'all' } | { kind: 'list'; entries: Set<string> };

export function parseAllowance(raw: string | undefined): PrivateAllowance {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value === 'false') return { kind: 'none' };
  if (value === '1' || value === 'true' || value === '*') return { kind: 'all' };
  return {
    kind: 'list',
    entries: new Set(
      value
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  };
}

export function allowsPrivate(allowance: PrivateAllowance, address: string, port: number): boolean {
  if (allowance.kind === 'all') return true;
  if (allowance.kind === 'none') return false;
  const host = net.isIP(address) === 6 ? `[${address}]` : address;
  return allowance.entries.has(`${host}:${port}`);
}

import ipaddr from 'ipaddr.js';

/**
 * Addresses of cloud metadata services that are not already covered by a private or link-local
 * range (169.254.169.254 and fd00:ec2::254 are): Alibaba, Oracle, and Azure's WireServer.
 */
const METADATA_ADDRESSES = new Set(['100.100.100.200', '192.0.0.192', '168.63.129.16']);

/**
 * True only for a globally routable unicast address. Loopback, private, link-local, multicast,
 * CGNAT, unspecified, broadcast, reserved and documentation ranges, and the metadata addresses,
 * are all refused; an IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) {
    return false;
  }
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  } else if (parsed.kind() === 'ipv6' && isIPv4CompatibleForm(parsed as ipaddr.IPv6)) {
    // The deprecated `::a.b.c.d` form: ipaddr.js calls it unicast, yet hosts that still route it
    // reach the IPv4 address inside (`::7f00:1` is 127.0.0.1), so it is never a public target.
    return false;
  }
  if (METADATA_ADDRESSES.has(parsed.toString())) {
    return false;
  }

  return parsed.range() === 'unicast';
}

/** True when the first 96 bits are zero (`::`, `::1` and the IPv4-compatible `::a.b.c.d` form). */
function isIPv4CompatibleForm(address: ipaddr.IPv6): boolean {
  return address.parts.slice(0, 6).every((part) => part === 0);
}

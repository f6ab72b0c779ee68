import { isIPv4, isIPv6 } from 'node:net';

/**
 * The per-client part of a bucket id, from `request.ip` (Fastify applies TRUST_PROXY). An IPv6
 * client usually holds a whole /64, so it is counted per /64; an IPv4-mapped IPv6 address counts as
 * its IPv4 address. Anything else (no address at all) shares one `unknown` bucket.
 */
export function clientAddressBucket(ip: string | undefined): string {
  const address = (ip ?? '').trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) {
    return mapped[1];
  }
  if (isIPv4(address)) {
    return address;
  }
  if (isIPv6(address)) {
    return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
  }

  return 'unknown';
}

/** The eight hextets of a valid IPv6 address (zone index dropped), without zero compression. */
function expandIpv6(address: string): string[] {
  const [withoutZone = ''] = address.split('%');
  const [head = '', tail] = withoutZone.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts =
    tail === undefined ? headParts : [...headParts, ...Array<string>(missing).fill('0'), ...tailParts];

  return parts.map((part) => part.replace(/^0+(?=.)/, ''));
}

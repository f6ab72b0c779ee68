import { isIP } from 'node:net';

/**
 * What Fastify's `trustProxy` takes: trust all or none, these addresses, or a function of the hop
 * (the nearest N hops).
 */
export type TTrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

// proxy-addr's names for whole ranges, accepted by Fastify alongside addresses and CIDRs.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Reads TRUST_PROXY: `true`/`false`, a hop count (`1`: trust the one proxy in front), or a
 * comma-separated list of addresses, CIDR ranges and range names. Returns the problem as a string
 * when an entry is none of these, so the boot names it.
 */
export function parseTrustProxy(value: string | undefined): TTrustProxy | { problem: string } {
  const text = (value ?? '').trim();
  if (text === '' || /^false$/i.test(text)) {
    return false;
  }
  if (/^true$/i.test(text)) {
    return true;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);

    return (_address, hop) => hop < hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    return {
      problem: `"${bad}" is not true, false, a hop count, an IP address, a CIDR range or loopback/linklocal/uniquelocal`,
    };
  }

  return entries;
}

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) {
    return true;
  }
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) {
    return false;
  }
  if (prefix === undefined) {
    return true;
  }

  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

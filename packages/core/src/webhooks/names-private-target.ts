import { isIP } from 'node:net';

import { isPublicAddress } from './delivery/is-public-address.js';

/** The 400's text for such a target. */
export const PRIVATE_TARGET_REFUSAL = 'targetUrl must not point to a private, loopback or link-local address';

/**
 * True for a URL whose host is, on its face, no public address: an IP literal outside global
 * unicast, or `localhost`. Refusing those when an endpoint is created gives a clear 400 instead of a
 * delivery log of refusals; names resolving to private addresses are still caught at delivery,
 * where the SSRF guard checks every address each time (a name can change what it resolves to).
 */
export function namesPrivateTarget(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return true;
  }

  return isIP(host) !== 0 && !isPublicAddress(host);
}

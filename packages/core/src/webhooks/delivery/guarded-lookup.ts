import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

import { isPublicAddress } from './is-public-address.js';

export class BlockedAddressError extends Error {
  constructor(readonly host: string) {
    super(`refused: ${host} resolves to a private, loopback, link-local or reserved address`);
    this.name = 'BlockedAddressError';
  }
}

/** Every address a name resolves to; `family` 0 means IPv4 and IPv6. */
export type TResolveHost = (hostname: string, family: number) => Promise<LookupAddress[]>;

/** The system resolver, as Node's own connections use it. */
export const systemResolve: TResolveHost = (hostname, family) => dns.lookup(hostname, { all: true, family });

/**
 * A `lookup` for the HTTP client that resolves the name once, refuses it when any of its addresses
 * is not public, and hands the checked addresses to the connection. The socket therefore connects
 * to exactly what was checked: a name whose answer changes afterwards (DNS rebinding) cannot slip a
 * private address in through a second resolution.
 */
export function createGuardedLookup(resolve: TResolveHost = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(
      hostname,
      options.family === 'IPv6' ? 6 : options.family === 'IPv4' ? 4 : (options.family ?? 0),
    ).then(
      (addresses) => {
        if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
          callback(new BlockedAddressError(hostname), '', 0);

          return;
        }
        if (options.all) {
          (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, addresses);
        } else {
          const [first] = addresses as [LookupAddress];
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

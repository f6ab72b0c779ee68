import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

import { isPublicAddress } from './is-public-address.js';

export class BlockedAddressError extends Error {
  constructor(readonly host: string) {
    super(`refused: ${host} resolves to a private, loopback, link-local or reserved address`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * A `lookup` for the HTTP client that resolves the name once, refuses it when any of its addresses
 * is not public, and hands the checked addresses to the connection. The socket therefore connects
 * to exactly what was checked: a name whose answer changes afterwards cannot slip a private
 * address in through a second resolution.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
    if (error) {
      callback(error, '', 0);

      return;
    }
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
  });
};

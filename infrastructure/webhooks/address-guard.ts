import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { forbiddenAddressReason } from './forbidden-addresses.ts';

/** A webhook refused before any byte was sent: the endpoint's name resolves (or its URL points) to a forbidden address. */
export class ForbiddenAddressError extends Error {
  constructor(host: string, reason: string) {
    super(`refused to connect to ${host}: ${reason}`);
    this.name = 'ForbiddenAddressError';
  }
}

/** Why an IP-literal host may not be called, or null (names are checked when they resolve, by `guardedLookup`). */
export function literalHostRefusal(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) ? forbiddenAddressReason(bare) : null;
}

/**
 * A DNS lookup for sockets that refuses every name resolving to a forbidden address, at connect time: a name that
 * passed the check when the endpoint was registered and now resolves to 127.0.0.1 (DNS rebinding) is refused too.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.map((entry) => forbiddenAddressReason(entry.address)).find((reason) => reason !== null);
    if (refused) return callback(new ForbiddenAddressError(hostname, refused), '', 0);
    if ((options as LookupOptions).all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

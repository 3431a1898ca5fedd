import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { WebhookUrlCheck } from '../../application/ports/webhook-url-check.ts';
import { forbiddenAddressReason } from './forbidden-addresses.ts';

/** Every address a host name resolves to. */
export type HostResolver = (hostname: string) => Promise<string[]>;

/** The system's resolver (getaddrinfo: /etc/hosts, then DNS), every address of both families. */
export const systemResolver: HostResolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((found) => found.address);

const PUBLIC_ONLY = 'webhooks go to public addresses';

/**
 * The URL policy of webhook endpoints: http or https without credentials, to a port other than 0; https in live; a host whose every address is
 * public. WEBHOOKS_ALLOW_PRIVATE=true (development, tests) lets any http or https URL through, http in live too.
 * Delivery checks the addresses again when it connects: a name may resolve elsewhere by then.
 */
export class DnsWebhookUrlCheck implements WebhookUrlCheck {
  constructor(private readonly options: { allowPrivate: boolean; resolve?: HostResolver }) {}

  async refusal(url: string, environment: string): Promise<string | null> {
    if (!URL.canParse(url)) return `must be an absolute http or https URL; got "${url}"`;
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `must be an http or https URL; got the scheme ${parsed.protocol.slice(0, -1)}`;
    if (parsed.username || parsed.password) return 'must not carry a user name or password; receivers authenticate deliveries by their signature';
    // The URL parser takes ports 0–65535; no connection can be made to port 0.
    if (parsed.port === '0') return "must not name port 0; give the receiver's port (1–65535), or none for the scheme's default";
    if (this.options.allowPrivate) return null;
    if (environment !== 'test' && parsed.protocol !== 'https:') return `must use https in the ${environment} environment`;
    // The URL parser writes IPv4 hosts in dotted decimal (0x7f000001 → 127.0.0.1) and IPv6 ones in brackets.
    const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
    if (ipaddr.isValid(host)) {
      const reason = forbiddenAddressReason(host);
      return reason && `${reason}; ${PUBLIC_ONLY}`;
    }
    return this.resolvedRefusal(host);
  }

  private async resolvedRefusal(host: string): Promise<string | null> {
    let addresses: string[];
    try {
      addresses = await (this.options.resolve ?? systemResolver)(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      return `the host ${host} does not resolve (${code}); ${PUBLIC_ONLY}`;
    }
    if (addresses.length === 0) return `the host ${host} resolves to no address; ${PUBLIC_ONLY}`;
    for (const address of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason) return `the host ${host} resolves to ${address}: ${reason}; ${PUBLIC_ONLY}`;
    }
    return null;
  }
}

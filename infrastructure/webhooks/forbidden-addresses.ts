import ipaddr from 'ipaddr.js';

/**
 * Why a webhook may not be sent to this IP address, or null when it is a public unicast address. Everything else is
 * refused: loopback, private, carrier-grade NAT, link-local (with the cloud metadata service at 169.254.169.254),
 * unique-local (fd00:ec2::254) and the deprecated site-local fec0::/10, multicast, reserved, and IPv6 forms that embed an
 * IPv4 address (mapped, compatible, 6to4, Teredo, NAT64's 64:ff9b::/96 and its local-use 64:ff9b:1::/48); an IPv6 address
 * must also lie in the global unicast space, 2000::/3.
 */
export function forbiddenAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  // ipaddr.js reads ::a.b.c.d as ::ffff:a.b.c.d (IPv4-mapped); a socket connects to the IPv4-compatible ::/96 address
  // it is, which Node's resolver spells that way. Written ::0:a.b.c.d, ipaddr.js reads it as a socket does.
  let parsed = ipaddr.parse(/^::[^:]*\./.test(address) ? `::0:${address.slice(2)}` : address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range !== 'unicast') return `${parsed.toString()} is ${RANGE_NAMES[range] ?? `a ${range}`} address`;
  // ipaddr.js calls unicast whatever none of its ranges holds, which in IPv6 includes the IPv4-compatible ::/96 (the
  // URL parser's spelling of [::127.0.0.1]) and the space IANA has not allocated; public unicast is 2000::/3.
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST)) {
    return `${parsed.toString()} is ${parsed.match(IPV4_COMPATIBLE) ? 'an IPv4-compatible (deprecated)' : 'an unallocated (outside 2000::/3)'} address`;
  }
  return null;
}

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** ipaddr.js's names of the ranges that are not plain words, as a sentence says them. */
const RANGE_NAMES: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified',
  linkLocal: 'a link-local',
  carrierGradeNat: 'a carrier-grade NAT',
  uniqueLocal: 'a unique-local',
  ipv4Mapped: 'an IPv4-mapped',
  rfc6145: 'an IPv4-translated (RFC 6145)',
  rfc6052: 'an IPv4-embedded (RFC 6052)',
  teredo: 'a Teredo',
  as112: 'an AS112',
  as112v6: 'an AS112',
  amt: 'an AMT',
  orchid2: 'an ORCHIDv2',
  deprecatedOrchid: 'an ORCHID (deprecated)',
  deprecatedSiteLocal: 'a site-local (deprecated)',
  segmentRouting: 'a segment-routing (SRv6)',
  droneRemoteIdProtocolEntityTags: 'a drone remote ID',
  discard: 'a discard-only',
};

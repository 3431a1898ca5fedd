import ipaddr from 'ipaddr.js';

/**
 * Why a webhook may not be sent to this IP address, or null when it is a public unicast address. Everything else is
 * refused: loopback, private, carrier-grade NAT, link-local (with the cloud metadata service at 169.254.169.254),
 * unique-local (fd00:ec2::254), multicast, reserved, and IPv6 forms that embed an IPv4 address (mapped, 6to4, Teredo).
 */
export function forbiddenAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' ? null : `${parsed.toString()} is a ${range} address`;
}

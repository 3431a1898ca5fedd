import { expect } from 'chai';
import { forbiddenAddressReason } from '../../../infrastructure/webhooks/forbidden-addresses.ts';

describe('forbidden webhook addresses', () => {
  for (const address of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.4.4']) {
    it(`lets ${address} through`, () => expect(forbiddenAddressReason(address)).to.equal(null));
  }
  const refused: [string, string][] = [
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['::1', '::1 is a loopback address'],
    ['10.1.2.3', '10.1.2.3 is a private address'],
    ['172.16.0.9', '172.16.0.9 is a private address'],
    ['192.168.1.1', '192.168.1.1 is a private address'],
    ['169.254.169.254', '169.254.169.254 is a link-local address'],
    ['fe80::1', 'fe80::1 is a link-local address'],
    ['fd00:ec2::254', 'fd00:ec2::254 is a unique-local address'],
    ['100.100.100.200', '100.100.100.200 is a carrier-grade NAT address'],
    ['0.0.0.0', '0.0.0.0 is an unspecified address'],
    ['::ffff:127.0.0.1', '127.0.0.1 is a loopback address'],
    ['224.0.0.1', '224.0.0.1 is a multicast address'],
    ['2002:7f00:1::1', '2002:7f00:1::1 is a 6to4 address'],
    ['2001::1', '2001::1 is a Teredo address'],
    ['64:ff9b::a00:1', '64:ff9b::a00:1 is an IPv4-embedded (RFC 6052) address'],
    ['64:ff9b:1::a00:1', '64:ff9b:1::a00:1 is an IPv4-embedded (RFC 6052) address'],
    ['fec0::1', 'fec0::1 is a site-local (deprecated) address'],
    ['5f00::1', '5f00::1 is a segment-routing (SRv6) address'],
    ['2001:10::1', '2001:10::1 is an ORCHID (deprecated) address'],
    ['3fff::1', '3fff::1 is a reserved address'],
    ['::7f00:1', '::7f00:1 is an IPv4-compatible (deprecated) address'],
    ['::a9fe:a9fe', '::a9fe:a9fe is an IPv4-compatible (deprecated) address'],
    // ipaddr.js alone reads ::a.b.c.d as IPv4-mapped; a socket connects to the IPv4-compatible address.
    ['::127.0.0.1', '::7f00:1 is an IPv4-compatible (deprecated) address'],
    ['::8.8.8.8', '::808:808 is an IPv4-compatible (deprecated) address'],
    ['4000::1', '4000::1 is an unallocated (outside 2000::/3) address'],
  ];
  for (const [address, reason] of refused) {
    it(`refuses ${address}: "${reason}"`, () => expect(forbiddenAddressReason(address)).to.equal(reason));
  }
  it('says so when the text is no address', () => expect(forbiddenAddressReason('example.com')).to.equal('"example.com" is not an IP address'));
});

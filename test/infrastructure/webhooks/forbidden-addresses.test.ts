import { expect } from 'chai';
import { forbiddenAddressReason } from '../../../infrastructure/webhooks/forbidden-addresses.ts';

describe('forbidden webhook addresses', () => {
  for (const address of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.4.4']) {
    it(`lets ${address} through`, () => expect(forbiddenAddressReason(address)).to.equal(null));
  }
  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.9', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['224.0.0.1', 'multicast'],
    ['2002:7f00:1::1', '6to4'],
  ];
  for (const [address, range] of refused) {
    it(`refuses ${address} (${range})`, () => expect(forbiddenAddressReason(address)).to.include(range));
  }
  it('says so when the text is no address', () => expect(forbiddenAddressReason('example.com')).to.equal('"example.com" is not an IP address'));
});

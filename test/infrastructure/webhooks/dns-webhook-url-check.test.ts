import { expect } from 'chai';
import { DnsWebhookUrlCheck, systemResolver, type HostResolver } from '../../../infrastructure/webhooks/dns-webhook-url-check.ts';

/** A resolver that answers from a table, recording what it was asked. */
function table(entries: Record<string, string[]>): HostResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const addresses = entries[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses;
  };
  return Object.assign(resolve, { asked });
}

const DNS = {
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'intranet.example.com': ['10.1.2.3'],
  'split.example.com': ['93.184.216.34', '192.168.0.10'],
  'metadata.example.com': ['169.254.169.254'],
  // How Node's resolver spells an IPv4-compatible answer (AAAA ::808:808).
  'compatible.example.com': ['::8.8.8.8'],
  'empty.example.com': [],
};

describe('DnsWebhookUrlCheck: where webhooks may go', () => {
  const resolver = table(DNS);
  const check = new DnsWebhookUrlCheck({ allowPrivate: false, resolve: resolver });

  it('takes https URLs whose host resolves only to public addresses, in both environments; http only in test', async () => {
    expect(await check.refusal('https://hooks.example.com/webhooks?x=1', 'live')).to.equal(null);
    expect(await check.refusal('http://hooks.example.com/webhooks', 'test')).to.equal(null);
    expect(await check.refusal('http://hooks.example.com/webhooks', 'live')).to.equal('must use https in the live environment');
  });

  it('refuses other schemes, relative URLs and URLs carrying a user name or password', async () => {
    expect(await check.refusal('ftp://hooks.example.com/x', 'test')).to.equal('must be an http or https URL; got the scheme ftp');
    expect(await check.refusal('hooks.example.com/x', 'test')).to.match(/^must be an absolute http or https URL/);
    expect(await check.refusal('https://user:pass@hooks.example.com/x', 'live')).to.match(/^must not carry a user name or password/);
  });

  it('refuses port 0, to which no connection can be made, even with private addresses allowed; takes 1 to 65535', async () => {
    const anyAddress = new DnsWebhookUrlCheck({ allowPrivate: true });
    for (const url of ['https://hooks.example.com:0/x', 'http://93.184.216.34:00/x']) {
      expect(await check.refusal(url, 'test')).to.equal("must not name port 0; give the receiver's port (1–65535), or none for the scheme's default");
      expect(await anyAddress.refusal(url, 'test')).to.match(/^must not name port 0/);
    }
    expect(await check.refusal('https://hooks.example.com:1/x', 'live')).to.equal(null);
    expect(await check.refusal('https://hooks.example.com:65535/x', 'live')).to.equal(null);
  });

  it('refuses IP literals that are not public, in every spelling the URL parser accepts, without asking the resolver', async () => {
    const asked = resolver.asked.length;
    expect(await check.refusal('https://127.0.0.1/hook', 'live')).to.equal('127.0.0.1 is a loopback address; webhooks go to public addresses');
    expect(await check.refusal('https://0x7f000001/hook', 'live')).to.equal('127.0.0.1 is a loopback address; webhooks go to public addresses');
    expect(await check.refusal('https://[::1]/hook', 'live')).to.match(/^::1 is a loopback address/);
    expect(await check.refusal('https://[::ffff:10.0.0.1]/hook', 'live')).to.match(/^10\.0\.0\.1 is a private address/);
    expect(await check.refusal('http://169.254.169.254/latest/meta-data', 'test')).to.match(/^169\.254\.169\.254 is a link-local address/);
    // The URL parser writes [::127.0.0.1] as [::7f00:1], an IPv4-compatible address (deprecated, ::/96).
    expect(await check.refusal('http://[::127.0.0.1]:8080/hook', 'test')).to.equal('::7f00:1 is an IPv4-compatible (deprecated) address; webhooks go to public addresses');
    expect(await check.refusal('https://93.184.216.34/hook', 'live')).to.equal(null);
    expect(resolver.asked.length).to.equal(asked);
  });

  it('refuses a host when any one of its addresses is not public, naming the host and the address', async () => {
    expect(await check.refusal('https://intranet.example.com/h', 'live')).to.equal(
      'the host intranet.example.com resolves to 10.1.2.3: 10.1.2.3 is a private address; webhooks go to public addresses',
    );
    expect(await check.refusal('https://split.example.com/h', 'live')).to.contain('resolves to 192.168.0.10');
    expect(await check.refusal('https://metadata.example.com/h', 'live')).to.contain('169.254.169.254');
    expect(await check.refusal('https://compatible.example.com/h', 'live')).to.equal(
      'the host compatible.example.com resolves to ::8.8.8.8: ::808:808 is an IPv4-compatible (deprecated) address; webhooks go to public addresses',
    );
  });

  it('refuses a host that does not resolve, or resolves to nothing', async () => {
    expect(await check.refusal('https://nowhere.example.com/h', 'live')).to.equal('the host nowhere.example.com does not resolve (ENOTFOUND); webhooks go to public addresses');
    expect(await check.refusal('https://empty.example.com/h', 'live')).to.match(/resolves to no address/);
  });

  it('with WEBHOOKS_ALLOW_PRIVATE, takes any http or https URL, http in live too, and resolves nothing', async () => {
    const open = table(DNS);
    const lenient = new DnsWebhookUrlCheck({ allowPrivate: true, resolve: open });

    expect(await lenient.refusal('http://127.0.0.1:8080/hook', 'live')).to.equal(null);
    expect(await lenient.refusal('http://nowhere.example.com/hook', 'test')).to.equal(null);
    expect(await lenient.refusal('ftp://127.0.0.1/hook', 'test')).to.match(/^must be an http or https URL/);
    expect(open.asked).to.deep.equal([]);
  });

  it('the system resolver answers every address of localhost from the hosts file, all of them loopback', async () => {
    const addresses = await systemResolver('localhost');
    expect(addresses).to.not.be.empty;
    expect(await new DnsWebhookUrlCheck({ allowPrivate: false }).refusal('https://localhost/hook', 'live')).to.match(/^the host localhost resolves to (127\.0\.0\.1|::1): .* loopback address/);
  });
});

import { DOMParser, type Element } from '@xmldom/xmldom';
import { expect } from 'chai';
import { createDianWebServices } from '../../../../infrastructure/dian/web-services/create-dian-web-services.ts';
import type { DianCall, DianWebServices } from '../../../../infrastructure/dian/web-services/dian-web-services.ts';
import { CUFE, IN_PROCESS_98, NUMBERING_RANGES, STATUS_ZIP_PENDING, TEST_SET_ID, TEST_SET_UPLOADED, UPLOAD_REFUSED, VALIDATED, XML_BY_DOCUMENT_KEY, ZIP_KEY } from './dian-replies.ts';
import { useSoapTestBench } from './soap-test-server.ts';

const SOAP = 'http://www.w3.org/2003/05/soap-envelope';
const WCF = 'http://wcf.dian.colombia';
const WSA = 'http://www.w3.org/2005/08/addressing';
const ZIP = Buffer.from('PK\u0003\u0004 a zip stand-in with bytes \u00ff\u0000\u0001', 'latin1');

interface Case {
  operation: string;
  reply: string;
  invoke(client: DianWebServices, call: DianCall): Promise<unknown>;
  parameters: [string, string][];
}

const CASES: Case[] = [
  { operation: 'SendBillSync', reply: VALIDATED, invoke: (c, call) => c.sendBillSync(call, 'z09008257590002600000001.zip', ZIP), parameters: [['fileName', 'z09008257590002600000001.zip'], ['contentFile', ZIP.toString('base64')]] },
  { operation: 'SendBillAsync', reply: UPLOAD_REFUSED, invoke: (c, call) => c.sendBillAsync(call, 'z1.zip', ZIP), parameters: [['fileName', 'z1.zip'], ['contentFile', ZIP.toString('base64')]] },
  {
    operation: 'SendTestSetAsync',
    reply: TEST_SET_UPLOADED,
    invoke: (c, call) => c.sendTestSetAsync(call, 'z2.zip', ZIP, TEST_SET_ID),
    parameters: [['fileName', 'z2.zip'], ['contentFile', ZIP.toString('base64')], ['testSetId', TEST_SET_ID]],
  },
  { operation: 'GetStatus', reply: IN_PROCESS_98, invoke: (c, call) => c.getStatus(call, CUFE), parameters: [['trackId', CUFE]] },
  { operation: 'GetStatusZip', reply: STATUS_ZIP_PENDING, invoke: (c, call) => c.getStatusZip(call, ZIP_KEY), parameters: [['trackId', ZIP_KEY]] },
  { operation: 'SendNominaSync', reply: VALIDATED.replaceAll('SendBillSync', 'SendNominaSync'), invoke: (c, call) => c.sendNominaSync(call, ZIP), parameters: [['contentFile', ZIP.toString('base64')]] },
  {
    operation: 'SendEventUpdateStatus',
    reply: VALIDATED.replaceAll('SendBillSync', 'SendEventUpdateStatus'),
    invoke: (c, call) => c.sendEventUpdateStatus(call, ZIP),
    parameters: [['contentFile', ZIP.toString('base64')]],
  },
  {
    operation: 'GetNumberingRange',
    reply: NUMBERING_RANGES,
    invoke: (c, call) => c.getNumberingRange(call, { accountCode: '900825759', accountCodeT: '800197268', softwareCode: 'f2b1c3d4-0000-4000-8000-123456789abc' }),
    parameters: [['accountCode', '900825759'], ['accountCodeT', '800197268'], ['softwareCode', 'f2b1c3d4-0000-4000-8000-123456789abc']],
  },
  { operation: 'GetXmlByDocumentKey', reply: XML_BY_DOCUMENT_KEY, invoke: (c, call) => c.getXmlByDocumentKey(call, CUFE), parameters: [['trackId', CUFE]] },
];

function elementChildren(node: Element): Element[] {
  return Array.from(node.childNodes).filter((child): child is Element => child.nodeType === 1);
}

describe('DIAN web services: each operation on the wire', () => {
  const bench = useSoapTestBench();
  const client = createDianWebServices({ timeoutMs: 5000 });

  for (const testCase of CASES) {
    it(`${testCase.operation}: Action header, Content-Type action and body parameters`, async () => {
      bench.server.soap(testCase.reply);
      await testCase.invoke(client, bench.call);
      const request = bench.server.last;
      const action = `http://wcf.dian.colombia/IWcfDianCustomerServices/${testCase.operation}`;
      expect(request.method).to.equal('POST');
      expect(request.headers['content-type']).to.equal(`application/soap+xml;charset=UTF-8;action="${action}"`);
      const root = new DOMParser().parseFromString(request.body, 'text/xml').documentElement!;
      const actions = root.getElementsByTagNameNS(WSA, 'Action');
      expect(actions.length).to.equal(1);
      expect(actions[0].textContent).to.equal(action);
      expect(root.getElementsByTagNameNS(WSA, 'To')[0].textContent).to.equal(bench.server.endpoint);
      const body = root.getElementsByTagNameNS(SOAP, 'Body')[0];
      const [operation, ...others] = elementChildren(body);
      expect(others).to.have.length(0);
      expect([operation.namespaceURI, operation.localName]).to.deep.equal([WCF, testCase.operation]);
      const parameters = elementChildren(operation).map((child) => [child.namespaceURI, child.localName, child.textContent]);
      expect(parameters).to.deep.equal(testCase.parameters.map(([name, value]) => [WCF, name, value]));
    });
  }

  it('sends the ZIP bytes unchanged as contentFile', async () => {
    bench.server.soap(VALIDATED);
    await client.sendBillSync(bench.call, 'z.zip', ZIP);
    const root = new DOMParser().parseFromString(bench.server.last.body, 'text/xml').documentElement!;
    const content = root.getElementsByTagNameNS(WCF, 'contentFile')[0].textContent ?? '';
    expect(Buffer.from(content, 'base64').equals(ZIP)).to.equal(true);
  });

  it('escapes text parameters', async () => {
    bench.server.soap(IN_PROCESS_98);
    await client.getStatus(bench.call, 'a<b&"c"');
    expect(bench.server.last.body).to.contain('<wcf:trackId>a&lt;b&amp;');
    const root = new DOMParser().parseFromString(bench.server.last.body, 'text/xml').documentElement!;
    expect(root.getElementsByTagNameNS(WCF, 'trackId')[0].textContent).to.equal('a<b&"c"');
  });

  it('refuses an endpoint that is not an http(s) URL, and credentials without a certificate, before sending', async () => {
    const before = bench.server.requests.length;
    await expectRejection(client.getStatus({ ...bench.call, endpoint: 'vpfe-hab.dian.gov.co' }, CUFE), 'DIAN endpoint is not a URL: "vpfe-hab.dian.gov.co"');
    await expectRejection(client.getStatus({ ...bench.call, credentials: { privateKeyPem: bench.pki.leafKeyPem, chainPem: [] } }, CUFE), 'chainPem is empty');
    await expectRejection(client.getStatus({ ...bench.call, credentials: { privateKeyPem: bench.pki.leafKeyPem, chainPem: ['not a certificate'] } }, CUFE), 'chainPem[0] is not a PEM certificate');
    expect(bench.server.requests.length).to.equal(before);
  });

  it('names a signing failure without the key', async () => {
    const badKey = '-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEAsecretsecret\n-----END PRIVATE KEY-----\n';
    const error = await expectRejection(client.getStatus({ ...bench.call, credentials: { privateKeyPem: badKey, chainPem: [bench.pki.leafPem] } }, CUFE), 'Could not sign the WS-Security header');
    expect(error.message).to.not.contain('secretsecret');
  });
});

async function expectRejection(promise: Promise<unknown>, fragment: string): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    expect((error as Error).message).to.contain(fragment);
    return error as Error;
  }
  throw new Error(`expected a rejection containing "${fragment}"`);
}

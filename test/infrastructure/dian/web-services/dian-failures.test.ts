import { expect } from 'chai';
import { createServer } from 'node:http';
import { ProviderUnavailableError } from '../../../../application/ports/document-provider.ts';
import { createDianWebServices, DianRequestTooLargeError } from '../../../../infrastructure/dian/web-services/create-dian-web-services.ts';
import { DianUnavailableError } from '../../../../infrastructure/dian/web-services/dian-web-services.ts';
import { CUFE, HTML_503, IN_PROCESS_98, SECURITY_FAULT, VALIDATED } from './dian-replies.ts';
import { useSoapTestBench } from './soap-test-server.ts';

async function unavailable(promise: Promise<unknown>): Promise<DianUnavailableError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(DianUnavailableError);
    expect(error).to.be.instanceOf(ProviderUnavailableError);
    return error as DianUnavailableError;
  }
  throw new Error('expected DianUnavailableError');
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('DIAN web services: failures become DianUnavailableError', () => {
  const bench = useSoapTestBench();
  const client = createDianWebServices({ timeoutMs: 5000 });

  it('a SOAP security fault (HTTP 500): the Reason in the message, the subcode in detail, not timed out', async () => {
    bench.server.answer({ status: 500, body: SECURITY_FAULT });
    const error = await unavailable(client.getStatus(bench.call, CUFE));
    expect(error.message).to.equal(`DIAN GetStatus at ${bench.server.endpoint}: SOAP fault (HTTP 500, s:Sender / a:InvalidSecurity): An error occurred when verifying security for the message.`);
    expect(error.detail).to.equal('a:InvalidSecurity');
    expect(error.timedOut).to.equal(false);
  });

  it('an HTML 503 page: the status named, none of the HTML', async () => {
    bench.server.answer({ status: 503, body: HTML_503, contentType: 'text/html; charset=us-ascii' });
    const error = await unavailable(client.sendBillSync(bench.call, 'z.zip', Buffer.from('PK')));
    expect(error.message).to.equal(`DIAN SendBillSync at ${bench.server.endpoint}: DIAN answered HTTP 503 Service Unavailable (text/html, ${Buffer.byteLength(HTML_503)} bytes)`);
    expect(error.message).to.not.match(/<|HTTP Error 503/);
    expect(error.detail).to.equal('503');
    expect(error.timedOut).to.equal(false);
  });

  it('a 504 from a gateway may have reached DIAN: timed out', async () => {
    bench.server.answer({ status: 504, body: 'Gateway Timeout', contentType: 'text/plain' });
    const error = await unavailable(client.getStatus(bench.call, CUFE));
    expect(error.message).to.contain('HTTP 504');
    expect(error.timedOut).to.equal(true);
  });

  it('a 200 whose body is not a SOAP envelope', async () => {
    bench.server.answer({ status: 200, body: '{"ok":true}', contentType: 'application/json' });
    const error = await unavailable(client.getStatus(bench.call, CUFE));
    expect(error.message).to.equal(`DIAN GetStatus at ${bench.server.endpoint}: the answer is not a SOAP 1.2 envelope (application/json, 11 bytes)`);
    expect(error.timedOut).to.equal(true);
  });

  it('an envelope without the operation\'s result (another operation\'s answer)', async () => {
    bench.server.soap(VALIDATED);
    const error = await unavailable(client.getStatus(bench.call, CUFE));
    expect(error.message).to.equal(`DIAN GetStatus at ${bench.server.endpoint}: the SOAP answer has no GetStatusResponse/GetStatusResult`);
  });

  it('no answer within timeoutMs: timed out', async () => {
    bench.server.answer('hang');
    const quick = createDianWebServices({ timeoutMs: 150 });
    const error = await unavailable(quick.getStatus(bench.call, CUFE));
    expect(error.message).to.equal(`DIAN GetStatus at ${bench.server.endpoint}: no answer within 150 ms`);
    expect(error.timedOut).to.equal(true);
  });

  it('the connection reset after the request was written: timed out', async () => {
    bench.server.answer('reset');
    const count = bench.server.requests.length;
    const error = await unavailable(client.sendBillSync(bench.call, 'z.zip', Buffer.from('PK')));
    expect(bench.server.requests.length).to.equal(count + 1);
    expect(error.message).to.match(/the connection failed while the request was out, DIAN may have received it/);
    expect(error.timedOut).to.equal(true);
  });

  it('connection refused: not timed out', async () => {
    const port = await closedPort();
    const error = await unavailable(client.getStatus({ ...bench.call, endpoint: `http://127.0.0.1:${port}/WcfDianCustomerServices.svc` }, CUFE));
    expect(error.message).to.contain('could not connect (ECONNREFUSED');
    expect(error.timedOut).to.equal(false);
    expect(error.detail).to.equal('ECONNREFUSED');
  });

  it('an answer larger than the bound is refused', async () => {
    const bounded = createDianWebServices({ timeoutMs: 5000, maxResponseBytes: 1000 });
    bench.server.soap(IN_PROCESS_98);
    const error = await unavailable(bounded.getStatus(bench.call, CUFE));
    expect(error.message).to.contain('the answer is larger than 1000 bytes');
    expect(error.timedOut).to.equal(true);
  });

  it('an answer larger than the bound without Content-Length is cut off while read', async () => {
    const chunked = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'Content-Type': 'application/soap+xml' });
        response.write(IN_PROCESS_98.slice(0, 800));
        response.end(IN_PROCESS_98.slice(800));
      });
    });
    await new Promise<void>((resolve) => chunked.listen(0, '127.0.0.1', resolve));
    try {
      const address = chunked.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const bounded = createDianWebServices({ timeoutMs: 5000, maxResponseBytes: 1000 });
      const error = await unavailable(bounded.getStatus({ ...bench.call, endpoint: `http://127.0.0.1:${address.port}/WcfDianCustomerServices.svc` }, CUFE));
      expect(error.message).to.match(/the answer is larger than 1000 bytes \(at least \d+\)/);
    } finally {
      chunked.closeAllConnections();
      await new Promise<void>((resolve) => chunked.close(() => resolve()));
    }
  });

  it('a message over DIAN\'s 10 485 760 bytes is refused before sending, as no retry would help', async () => {
    const count = bench.server.requests.length;
    const zip = Buffer.alloc(7_900_000, 7);
    try {
      await client.sendBillSync(bench.call, 'z.zip', zip);
      expect.fail('expected DianRequestTooLargeError');
    } catch (error) {
      expect(error).to.be.instanceOf(DianRequestTooLargeError);
      expect(error).to.not.be.instanceOf(DianUnavailableError);
      expect((error as Error).message).to.match(/^DIAN SendBillSync: the signed message has \d+ bytes, more than DIAN accepts \(10485760\); send a smaller ZIP$/);
    }
    expect(bench.server.requests.length).to.equal(count);
  });

  it('never names the private key in an error', async () => {
    bench.server.answer({ status: 500, body: SECURITY_FAULT });
    const error = await unavailable(client.getStatus(bench.call, CUFE));
    for (const line of bench.pki.leafKeyPem.split('\n').filter((text) => text && !text.startsWith('-----'))) expect(`${error.message}${error.stack}`).to.not.contain(line);
  });
});

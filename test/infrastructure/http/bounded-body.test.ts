import { expect } from 'chai';
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';
import { SqliteCoordinationStore } from '../../../infrastructure/coordination/sqlite-coordination-store.ts';
import { BodyTooLargeError, readBoundedText } from '../../../infrastructure/http/bounded-body.ts';
import { FactusHttp } from '../../../infrastructure/providers/factus/http/factus-http.ts';
import { RateLimiter } from '../../../infrastructure/providers/factus/http/rate-limiter.ts';
import { FixedClock } from '../../support/fixtures.ts';

/** A body of `chunks` pieces of `size` bytes, counting the pieces pulled from it; without Content-Length. */
function streamed(chunks: number, size: number): { response: Response; pulled: () => number } {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { response: new Response(body), pulled: () => pulled };
}

async function refusal(read: Promise<unknown>): Promise<BodyTooLargeError> {
  const error = await read.then(() => expect.fail('the body was read'), (failure: unknown) => failure);
  expect(error).to.be.instanceOf(BodyTooLargeError);
  return error as BodyTooLargeError;
}

describe('Bounded response bodies (infrastructure/http/bounded-body)', () => {
  it('given a body up to the limit, then its text', async () => {
    expect(await readBoundedText(new Response('añ'), 3)).to.equal('añ');
    expect(await readBoundedText(streamed(4, 250).response, 1000)).to.have.length(1000);
    expect(await readBoundedText(new Response(null), 10)).to.equal('');
  });

  it('given a Content-Length over the limit, then refused before reading', async () => {
    const error = await refusal(readBoundedText(new Response('x'.repeat(2000), { headers: { 'content-length': '2000' } }), 1000));

    expect([error.bytes, error.limit, error.message]).to.deep.equal([2000, 1000, 'the answer is larger than 1000 bytes (at least 2000); refused unread']);
  });

  it('given a body without Content-Length that never ends, then the read stops once past the limit', async () => {
    const body = streamed(Number.POSITIVE_INFINITY, 100);

    const error = await refusal(readBoundedText(body.response, 1000));

    expect([error.bytes, error.limit]).to.deep.equal([1100, 1000]);
    expect(body.pulled()).to.be.at.most(12);
  });

  it('given Factus answering more than the bound, then the call is ProviderUnavailableError naming the request, not an answer', async () => {
    const clock = new FixedClock('2026-05-06T15:00:00.000Z');
    const limiter = new RateLimiter(new SqliteCoordinationStore(':memory:'), 'factus:account:rate', { limit: 80, windowMs: 60_000 }, clock);
    const endless: typeof fetch = async () => streamed(Number.POSITIVE_INFINITY, 4096).response;
    const http = new FactusHttp('https://factus.test', limiter, clock, { timeoutMs: 5_000, maxAnswerBytes: 64 * 1024 }, endless);

    const error = await http.send({ method: 'GET', path: '/v1/bills/show/SETP1' }).then(() => expect.fail('answered'), (failure: unknown) => failure);

    expect(error).to.be.instanceOf(ProviderUnavailableError);
    expect((error as Error).message).to.equal('Factus answered GET /v1/bills/show/SETP1: the answer is larger than 65536 bytes (at least 69632); refused unread');
  });
});

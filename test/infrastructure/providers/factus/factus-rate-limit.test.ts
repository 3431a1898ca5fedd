import { expect } from 'chai';
import { ProviderUnavailableError } from '../../../../application/ports/document-provider.ts';
import { salesInvoiceFamily } from '../../../../domain/documents/families/index.ts';
import { SqliteCoordinationStore } from '../../../../infrastructure/coordination/sqlite-coordination-store.ts';
import { GRANT_MARGIN_MS, RateLimiter } from '../../../../infrastructure/providers/factus/http/rate-limiter.ts';
import { retryAfterMs } from '../../../../infrastructure/providers/factus/http/retry-after.ts';
import { FixedClock } from '../../../support/fixtures.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { FactusDouble } from '../../../support/factus/double/factus-double.ts';
import { clockSleep, factusAgainst, sentDocument } from '../../../support/factus/factus-fixtures.ts';

const invoice = () => sentDocument(salesInvoiceFamily, sampleInvoice());

describe('Factus adapter: request rate', () => {
  let clock: FixedClock;

  beforeEach(() => {
    clock = new FixedClock('2026-05-06T15:00:00.000Z');
  });

  describe('RateLimiter', () => {
    const limiterOf = (sleep: ReturnType<typeof clockSleep>) =>
      new RateLimiter(new SqliteCoordinationStore(':memory:'), 'factus:account:rate', { limit: 80, windowMs: 60_000 }, clock, sleep);

    it('given 80 a minute, then the 81st call waits until the first leaves the window (and a few ms), in arrival order', async () => {
      const asked: number[] = [];
      const limiter = limiterOf(clockSleep(clock, asked));
      for (let call = 0; call < 80; call += 1) await limiter.acquire();
      expect(asked).to.deep.equal([]);
      clock.advance(10_000);
      await limiter.acquire();
      expect(asked).to.deep.equal([50_000 + GRANT_MARGIN_MS]);
    });

    it('given the first request answered 3 s after its grant, then the 81st waits a minute (and the margin) from that answer', async () => {
      const asked: number[] = [];
      const limiter = limiterOf(clockSleep(clock, asked));
      const answered = await limiter.send(async () => {
        clock.advance(3_000);
        return 'answer';
      });
      expect(answered).to.equal('answer');
      for (let call = 1; call < 80; call += 1) await limiter.send(async () => undefined);
      await limiter.acquire();
      expect(asked).to.deep.equal([60_000 + GRANT_MARGIN_MS]);
    });

    it('given a request that fails after 2 s, then it still counts, from its failure; the failure reaches the caller', async () => {
      const asked: number[] = [];
      const limiter = limiterOf(clockSleep(clock, asked));
      const failing = limiter.send(async () => {
        clock.advance(2_000);
        throw new Error('timed out');
      });
      expect(await failing.then(() => 'sent', (error: Error) => error.message)).to.equal('timed out');
      for (let call = 1; call < 80; call += 1) await limiter.acquire();
      await limiter.acquire();
      expect(asked).to.deep.equal([60_000 + GRANT_MARGIN_MS]);
    });

    it('given the shared store unreachable once the request is out, then the answer still reaches the caller', async () => {
      const shared = new SqliteCoordinationStore(':memory:');
      let reachable = true;
      const store = Object.create(shared, {
        read: { value: (key: string) => (reachable ? shared.read(key) : Promise.reject(new Error('store unreachable'))) },
      });
      const limiter = new RateLimiter(store, 'factus:account:rate', { limit: 80, windowMs: 60_000 }, clock, clockSleep(clock));
      const answer = await limiter.send(async () => {
        reachable = false;
        clock.advance(1_000);
        return 'answer';
      });
      expect(answer).to.equal('answer');
      expect((await shared.read<{ grants: number[] }>('factus:account:rate'))?.value.grants).to.deep.equal([clock.now().getTime() - 1_000]);
    });

    it('given a pause (429), then nobody is let through before it ends', async () => {
      const asked: number[] = [];
      const limiter = limiterOf(clockSleep(clock, asked));
      await limiter.pauseFor(7_000);
      await Promise.all([limiter.acquire(), limiter.acquire()]);
      expect(asked).to.deep.equal([7_000]);
    });

    it('reads Retry-After as seconds or as an HTTP date', () => {
      const now = new Date('2026-05-06T15:00:00.000Z');
      expect(retryAfterMs('12', now)).to.equal(12_000);
      expect(retryAfterMs('Wed, 06 May 2026 15:00:30 GMT', now)).to.equal(30_000);
      expect(retryAfterMs(null, now)).to.equal(undefined);
    });
  });

  describe('against the double', () => {
    let double: FactusDouble;

    beforeEach(async () => {
      double = new FactusDouble(() => clock.now());
      await double.start();
    });

    afterEach(() => double.close());

    it('given a 429 with Retry-After, then the adapter waits that long and sends the same request again: one document', async () => {
      const asked: number[] = [];
      const factus = factusAgainst(double, clock, { sleep: clockSleep(clock, asked) });
      const document = invoice();
      double.script('POST /v2/bills/validate', { status: 429, headers: { 'Retry-After': '7', 'X-RateLimit-Limit': '80', 'X-RateLimit-Remaining': '0' } });
      expect(await factus.submit(document)).to.include({ kind: 'validated' });
      expect(asked).to.deep.equal([7_000]);
      expect(double.submissions()).to.deep.equal([document.id, document.id]);
      expect(double.handlers.creations.get(document.id)).to.equal(1);
    });

    it('given a Retry-After too long to wait within one call, then unavailable carrying it, for the durable retry to honor', async () => {
      const factus = factusAgainst(double, clock, { sleep: clockSleep(clock) });
      double.script('POST /v2/bills/validate', { status: 429, headers: { 'Retry-After': '600' } });
      const error = await factus.submit(invoice()).then(() => null, (caught: ProviderUnavailableError) => caught);
      expect(error).to.be.instanceOf(ProviderUnavailableError);
      expect(error?.retryAfterMs).to.equal(600_000);
    });

    it('given more documents than the limit allows in a minute, then Factus never sees more than the limit in any minute (token request included)', async () => {
      const factus = factusAgainst(double, clock, { requestsPerMinute: 10, sleep: clockSleep(clock) });
      const sentAt: number[] = [];
      const original = double.requests.push.bind(double.requests);
      double.requests.push = (...items) => {
        sentAt.push(clock.now().getTime());
        return original(...items);
      };
      for (let count = 0; count < 25; count += 1) await factus.submit(invoice());
      expect(sentAt).to.have.length(26);
      for (let index = 10; index < sentAt.length; index += 1) expect(sentAt[index] - sentAt[index - 10]).to.be.at.least(60_000);
    });
  });
});

import { expect } from 'chai';
import { RateLimiter } from '../../../../infrastructure/providers/factus/http/rate-limiter.ts';
import { sharedCoordinationFile } from '../../../support/shared-coordination-file.ts';
import { VirtualTime } from '../../../support/virtual-time.ts';

const KEY = 'factus:account:rate';
const MINUTE = 60_000;

/** The most grants found in any window of `windowMs` (each grant tried as the start of one). */
function busiestWindow(grants: number[], windowMs: number): number {
  return Math.max(...grants.map((start) => grants.filter((at) => at >= start && at < start + windowMs).length));
}

describe('Factus adapter: the request rate shared by every instance', () => {
  let file: ReturnType<typeof sharedCoordinationFile>;
  let time: VirtualTime;

  beforeEach(() => {
    file = sharedCoordinationFile();
    time = new VirtualTime('2026-05-06T15:00:50.000Z');
  });

  afterEach(() => file.cleanup());

  const instance = (limit: number) => new RateLimiter(file.open(), KEY, { limit, windowMs: MINUTE }, time, time.sleep);

  it('given two instances with three busy callers each, then no window of a minute ever holds more than the limit, and the full rate is used', async () => {
    const [a, b] = [instance(5), instance(5)];
    const grants: number[] = [];
    const caller = async (limiter: RateLimiter, pauseMs: number) => {
      for (let call = 0; call < 10; call += 1) {
        await limiter.acquire();
        grants.push(time.now().getTime());
        await time.sleep(pauseMs * (call % 3));
      }
    };
    await time.run(Promise.all([caller(a, 700), caller(a, 1_300), caller(a, 0), caller(b, 500), caller(b, 2_100), caller(b, 0)]));

    expect(grants).to.have.length(60);
    expect(busiestWindow(grants, MINUTE)).to.equal(5);
    // 60 grants at 5 a minute take 11 minutes from the first to the last (plus the callers' own pauses at the end);
    // at 4 a minute they would take almost 15.
    const span = Math.max(...grants) - Math.min(...grants);
    expect(span).to.be.at.least(11 * MINUTE).and.below(12 * MINUTE);
  });

  it('given one instance learns of a 429 (pause), then the other sends nothing before the pause ends', async () => {
    const [a, b] = [instance(80), instance(80)];
    const start = time.now().getTime();
    await a.pauseFor(7_000);
    await time.run(b.acquire());
    expect(time.now().getTime() - start).to.equal(7_000);
  });

  it('given a longer pause asked while a shorter one runs, then the longer one holds; a shorter one never cuts it short', async () => {
    const [a, b] = [instance(80), instance(80)];
    const start = time.now().getTime();
    await a.pauseFor(30_000);
    await b.pauseFor(5_000);
    await time.run(a.acquire());
    expect(time.now().getTime() - start).to.equal(30_000);
  });
});

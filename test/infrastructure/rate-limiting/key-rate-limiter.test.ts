import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { KeyRateLimiter } from '../../../infrastructure/rate-limiting/key-rate-limiter.ts';

describe('Integrations: the rate limiter without MongoDB (the coordination file under DATA_DIR)', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'integrations-limits-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('given a quota of 2 per window, then the 3rd request of a key is refused with the seconds to wait; other keys are untouched', async () => {
    const limiter = new KeyRateLimiter({ requests: 2, windowSeconds: 10, dataDir });
    const decisions = [await limiter.consume('k'), await limiter.consume('k'), await limiter.consume('k')];
    expect(decisions.map((decision) => [decision.allowed, decision.remaining])).to.deep.equal([[true, 1], [true, 0], [false, 0]]);
    expect(decisions[2]).to.include({ limit: 2, windowSeconds: 10 });
    expect(decisions[2].resetSeconds).to.be.within(1, 10);
    expect((await limiter.consume('other')).allowed).to.equal(true);
    await limiter.close();
  });
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { StoreRateLimiter, type StoreLimit } from '../../../infrastructure/rate-limiting/store-rate-limiter.ts';

const run = promisify(execFile);

describe('StoreRateLimiter: counts shared by the processes of a deployment', () => {
  let dataDir: string;
  const opened: StoreRateLimiter[] = [];
  const limiter = (limit: Partial<StoreLimit> = {}, mongodbUrl?: string) => {
    const created = new StoreRateLimiter({ dataDir, mongodbUrl }, { keyPrefix: 'test', table: 'test_limits', points: 5, durationSeconds: 60, ...limit });
    opened.push(created);
    return created;
  };

  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'store-limits-'))));

  afterEach(async () => {
    for (const each of opened.splice(0)) await each.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given two limiters on one DATA_DIR (two connections), when they take turns on one key, then each sees what the other counted', async () => {
    const [a, b] = [limiter(), limiter()];
    const decisions = [];
    for (let turn = 0; turn < 6; turn += 1) decisions.push(await (turn % 2 === 0 ? a : b).consume('app-1'));
    expect(decisions.map((decision) => [decision.allowed, decision.remaining])).to.deep.equal([
      [true, 4],
      [true, 3],
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(decisions[5].msBeforeNext).to.be.within(50_000, 60_000);
    expect((await a.consume('app-2')).remaining).to.equal(4);
  });

  it('given two limiters on one DATA_DIR counting one key at once, then together they admit exactly the points', async () => {
    const [a, b] = [limiter(), limiter()];
    const decisions = await Promise.all(Array.from({ length: 20 }, (_, n) => (n % 2 === 0 ? a : b).consume('app-1')));
    expect(decisions.filter((decision) => decision.allowed)).to.have.length(5);
    expect(decisions.filter((decision) => decision.allowed).map((decision) => decision.remaining).sort()).to.deep.equal([0, 1, 2, 3, 4]);
  });

  it('given two processes on one DATA_DIR consuming at once, then the file admits exactly the points between them', async function () {
    this.timeout(30_000);
    const child = () => run(process.execPath, ['--import', 'tsx', 'test/infrastructure/rate-limiting/consume-in-child.ts', dataDir, '30', '50']);
    const [first, second] = await Promise.all([child(), child()]);
    expect(Number(first.stdout) + Number(second.stdout)).to.equal(30);
  });

  it('given the window has passed, then the key is whole again', async function () {
    this.timeout(10_000);
    const [a, b] = [limiter({ points: 1, durationSeconds: 1 }), limiter({ points: 1, durationSeconds: 1 })];
    expect([(await a.consume('k')).allowed, (await b.consume('k')).allowed]).to.deep.equal([true, false]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect([(await b.consume('k')).allowed, (await a.consume('k')).allowed]).to.deep.equal([true, false]);
  });

  it('given MONGODB_URL names a server that does not answer, then this process counts in memory meanwhile (requests are not blocked)', async () => {
    const unreachable = limiter({ points: 2 }, 'mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=200&connectTimeoutMS=200');
    const decisions = [await unreachable.consume('k'), await unreachable.consume('k'), await unreachable.consume('k')];
    expect(decisions.map((decision) => decision.allowed)).to.deep.equal([true, true, false]);
  });
});

import { expect } from 'chai';
import { confirmRate, nextRate, rateToDecideGoal, searchRate, type SearchOptions } from '../../bench/rate-search.ts';

const options: SearchOptions = { startRate: 100, minRate: 5, maxRate: 5000, resolution: 0.1, maxProbes: 12, timeLeft: () => true };
/** A service that passes every rate up to `limit`. */
const upTo = (limit: number) => async (rate: number) => ({ rate, pass: rate <= limit, reason: rate <= limit ? '' : 'too slow' });

describe('bench rate search', () => {
  it('doubles while probes pass, then bisects to the resolution', async () => {
    const result = await searchRate(upTo(530), options);
    expect(result.probes.map((p) => p.rate)).to.deep.equal([100, 200, 400, 800, 600, 500, 550]);
    expect(result.best).to.equal(500);
  });

  it('halves while probes fail', async () => {
    const result = await searchRate(upTo(30), options);
    expect(result.probes.map((p) => p.rate).slice(0, 3)).to.deep.equal([100, 50, 25]);
    expect(result.best).to.be.at.most(30).and.at.least(25);
  });

  it('finds no rate when even the lowest fails', async () => {
    const result = await searchRate(upTo(0), options);
    expect(result.best).to.equal(undefined);
    expect(result.probes[result.probes.length - 1].rate).to.equal(5);
  });

  it('stops at the highest rate allowed, and when the time is spent', async () => {
    expect((await searchRate(upTo(1e9), { ...options, maxRate: 1000 })).probes.map((p) => p.rate)).to.deep.equal([100, 200, 400, 800, 1000]);
    let probes = 0;
    const result = await searchRate(upTo(1e9), { ...options, timeLeft: () => probes++ < 2 });
    expect(result.probes).to.have.length(2);
  });

  it('at a finer resolution, probes between a pass and a failure 10 % apart', () => {
    expect(nextRate(1000, 1100, options, new Set([1000, 1100]))).to.equal(undefined);
    expect(nextRate(1000, 1100, { ...options, resolution: 0.05 }, new Set([1000, 1100]))).to.equal(1050);
    expect(nextRate(1050, 1100, { ...options, resolution: 0.05 }, new Set([1000, 1050, 1100]))).to.equal(undefined);
  });

  it('does not probe a rate twice', () => {
    expect(nextRate(100, 102, options, new Set([100, 102]))).to.equal(undefined);
    expect(nextRate(100, 300, options, new Set([100, 300]))).to.equal(200);
    expect(nextRate(100, 300, options, new Set([100, 200, 300]))).to.equal(undefined);
  });

  it('confirms the rate, stepping down 15 % after each failure', async () => {
    const result = await confirmRate(upTo(400), { rate: 500, step: 0.15, minRate: 5, maxRuns: 3, timeLeft: () => true });
    expect(result.runs.map((r) => r.rate)).to.deep.equal([500, 425, 361]);
    expect(result.confirmed).to.equal(361);
  });

  it('with refine, bisects between the rate that passed and the lowest that failed while they are further apart', async () => {
    const result = await confirmRate(upTo(1250), { rate: 1700, step: 0.2, minRate: 5, maxRuns: 6, timeLeft: () => true, refine: 0.1 });
    // 1700 ✗, 1360 ✗, 1088 ✓; then 1224 ✓ (1360/1224 is 11 % apart), 1292 ✗, and 1292/1224 is within 10 %.
    expect(result.runs.map((r) => r.rate)).to.deep.equal([1700, 1360, 1088, 1224, 1292]);
    expect(result.confirmed).to.equal(1224);
  });

  it('with refine, stops at the most runs allowed or when time is spent, keeping the highest rate that passed', async () => {
    const capped = await confirmRate(upTo(1250), { rate: 1700, step: 0.2, minRate: 5, maxRuns: 4, timeLeft: () => true, refine: 0.1 });
    expect(capped.runs.map((r) => r.rate)).to.deep.equal([1700, 1360, 1088, 1224]);
    expect(capped.confirmed).to.equal(1224);
    let left = 3;
    const timed = await confirmRate(upTo(1250), { rate: 1700, step: 0.2, minRate: 5, maxRuns: 9, timeLeft: () => (left -= 1) >= 0, refine: 0.1 });
    expect(timed.runs.map((r) => r.rate)).to.deep.equal([1700, 1360, 1088, 1224]);
    expect(timed.confirmed).to.equal(1224);
  });

  it('without refine, or when the first rate passes, makes no run past the first pass', async () => {
    expect((await confirmRate(upTo(1250), { rate: 1700, step: 0.2, minRate: 5, maxRuns: 9, timeLeft: () => true })).runs).to.have.length(3);
    expect((await confirmRate(upTo(1250), { rate: 1000, step: 0.2, minRate: 5, maxRuns: 9, timeLeft: () => true, refine: 0.1 })).runs).to.have.length(1);
  });

  it('gives up after the most runs allowed', async () => {
    const result = await confirmRate(async (rate) => ({ rate, pass: false, reason: 'x' }), { rate: 500, step: 0.15, minRate: 5, maxRuns: 2, timeLeft: () => true });
    expect(result.confirmed).to.equal(undefined);
    expect(result.runs.map((r) => r.rate)).to.deep.equal([500, 425]);
  });
  describe('the run that decides a goal the search left between a pass and a failure', () => {
    const runs = [
      { rate: 1450, pass: false, reason: 'lag' },
      { rate: 1160, pass: true, reason: '' },
      { rate: 1305, pass: true, reason: '' },
      { rate: 1378, pass: false, reason: 'lag' },
      { rate: 1342, pass: true, reason: '' },
    ];

    it('given a goal rate between the confirmed rate and the lowest failure, then one run at it, rounded up', () => {
      expect(rateToDecideGoal(1342, runs, 1343.1)).to.equal(1344);
      expect(rateToDecideGoal(1342, runs, 1376.4)).to.equal(1377);
      expect(rateToDecideGoal(1342, runs, 1360)).to.equal(1360);
    });

    it('given a goal at or below the confirmed rate, at or above the lowest failure, or already tried, then no run', () => {
      expect(rateToDecideGoal(1342, runs, 1342)).to.equal(undefined);
      expect(rateToDecideGoal(1342, runs, 1200)).to.equal(undefined);
      expect(rateToDecideGoal(1342, runs, 1400)).to.equal(undefined);
      expect(rateToDecideGoal(1342, runs, 1377.2)).to.equal(undefined);
      expect(rateToDecideGoal(1305, runs.slice(0, 4), 1341.5)).to.equal(1342);
      expect(rateToDecideGoal(1305, runs, 1341.5)).to.equal(undefined);
    });

    it('given no confirmed rate, or no failure above it, then no run (nothing brackets the goal)', () => {
      expect(rateToDecideGoal(undefined, runs.filter((run) => !run.pass), 1343)).to.equal(undefined);
      expect(rateToDecideGoal(1342, runs.filter((run) => run.pass), 1343)).to.equal(undefined);
      const belowOnly = [{ rate: 800, pass: false, reason: 'lag' }];
      expect(rateToDecideGoal(900, [{ rate: 900, pass: true, reason: '' }], 919, belowOnly)).to.equal(undefined);
    });

    it('given the first confirmation passed and a short probe failed above the goal, then one run at the goal', () => {
      const confirmations = [{ rate: 900, pass: true, reason: '' }];
      const probes = [
        { rate: 800, pass: true, reason: '' },
        { rate: 1000, pass: false, reason: 'lag' },
        { rate: 900, pass: true, reason: '' },
        { rate: 950, pass: false, reason: 'lag' },
        { rate: 925, pass: false, reason: 'lag' },
      ];
      expect(rateToDecideGoal(900, confirmations, 918.5, probes)).to.equal(919);
      expect(rateToDecideGoal(900, confirmations, 924.2, probes)).to.equal(undefined);
      expect(rateToDecideGoal(900, confirmations, 930, probes)).to.equal(undefined);
      expect(rateToDecideGoal(900, [...confirmations, { rate: 919, pass: false, reason: 'lag' }], 918.5, probes)).to.equal(undefined);
    });
  });
});

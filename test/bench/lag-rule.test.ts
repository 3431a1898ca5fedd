import { expect } from 'chai';
import { judgeLag, LAG_RULE, type LagSample } from '../../bench/lag-rule.ts';

/** One worker's lag at 1 s intervals over a 20 s run, then `after` samples at 21, 22, … s. */
function samples(during: number[], after: number[], state = 'running'): LagSample[] {
  const at = (atMs: number, lag: number): LagSample => ({ atMs, workers: [{ name: 'submission', state, lag, capped: lag >= 1000, error: null }] });
  return [...during.map((lag, i) => at(i * 1000, lag)), ...after.map((lag, i) => at(20_000 + (i + 1) * 1000, lag))];
}

describe('bench "no worker\'s lag grows" rule', () => {
  const flat = [10, 40, 80, 60, 50, 30, 70, 40, 60, 50, 40, 60, 50, 70, 40, 50, 60, 80, 50, 40];

  it('passes a lag that stays within the first quarter\'s median plus the margin and drains', () => {
    const verdict = judgeLag(samples(flat, [3, 0]), 20_000);
    expect(verdict.ok).to.equal(true);
    // First quarter (0–5 s): 10 40 80 60 50 30 → 40 (nearest rank); last quarter (15–19 s): 50 60 80 50 40 → 50.
    expect(verdict.workers[0]).to.include({ firstQuarterMedian: 40, lastQuarterMedian: 50, max: 80, grows: false, drained: true });
  });

  it('passes a lag with one sample catching work in flight: a spike is not growth', () => {
    const spiky = [...flat.slice(0, 17), 400, 50, 40];
    const verdict = judgeLag(samples(spiky, [0]), 20_000);
    expect(verdict.ok).to.equal(true);
    expect(verdict.workers[0]).to.include({ max: 400, grows: false });
  });

  it('fails a lag that climbs through the run', () => {
    const climbing = flat.map((lag, i) => lag + i * 30);
    const verdict = judgeLag(samples(climbing, [0]), 20_000);
    expect(verdict.ok).to.equal(false);
    expect(verdict.workers[0].grows).to.equal(true);
    expect(verdict.reason).to.match(/^submission grew/);
  });

  it('allows the margin: max(marginEvents, marginShare of the first quarter\'s median)', () => {
    const limit = 40 + Math.max(LAG_RULE.marginEvents, LAG_RULE.marginShare * 40);
    const atLimit = [...flat.slice(0, 15), limit, limit, limit, 50, 50];
    const over = [...flat.slice(0, 15), limit + 1, limit + 1, limit + 1, 50, 50];
    expect(judgeLag(samples(atLimit, [0]), 20_000).ok).to.equal(true);
    expect(judgeLag(samples(over, [0]), 20_000).ok).to.equal(false);
  });

  it('leaves out the samples of the warm-up before the measured load: their lower level is not the first quarter\'s', () => {
    const level = flat.map((lag) => lag + 200);
    const warmUp = [-2_000, -1_000].map((atMs): LagSample => ({ atMs, workers: [{ name: 'submission', state: 'running', lag: 20, capped: false, error: null }] }));
    const verdict = judgeLag([...warmUp, ...samples(level, [0])], 20_000);
    expect(verdict.workers[0]).to.include({ firstQuarterMedian: 240, lastQuarterMedian: 250, grows: false });
    expect(verdict.ok).to.equal(true);
  });

  it('fails a lag that does not drain within the drain time after the load', () => {
    const verdict = judgeLag(samples(flat, [300, 200, 100, 50, 20]), 20_000);
    expect(verdict.ok).to.equal(false);
    expect(verdict.workers[0]).to.include({ drained: false, afterRun: 20 });
  });

  it('fails a worker that failed, and a run with no samples', () => {
    expect(judgeLag(samples(flat, [0], 'failed'), 20_000).reason).to.contain('submission failed');
    expect(judgeLag([], 20_000).ok).to.equal(false);
  });
});

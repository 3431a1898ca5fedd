import { expect } from 'chai';
import type { Baseline } from '../../bench/baseline.ts';
import { issuanceRows } from '../../bench/goals-results.ts';
import type { IssuanceResult } from '../../bench/issuance.ts';
import type { ClosedLoopResult } from '../../bench/load-spec.ts';

function closedLoop(requestsPerSecond: number): ClosedLoopResult {
  const clientCpu = { userMs: 100, systemMs: 10, wallMs: 1_000, coreShare: 0.11 };
  return { connections: 10, durationSeconds: 10, requestsPerSecond, totalRequests: requestsPerSecond * 10, p50Ms: 5, p99Ms: 30, maxMs: 40, non2xx: 0, errors: 0, timeouts: 0, statusCodes: { 202: requestsPerSecond * 10 }, accepted: requestsPerSecond * 13, clientCpu };
}

function issuance(requestsPerSecond: number, settings: Record<string, string>): IssuanceResult {
  const numbers = { ok: true, perPrefix: [] };
  const correctness = { accepted: 10, unanswered: 0, recorded: 10, final: 10, statuses: { validated: 10 }, numbers, waitedSeconds: 1, ok: true };
  return { ...closedLoop(requestsPerSecond), sandboxDelayMs: 50, lagAfterRun: [], documentsLagDuringLoad: { samples: 1, p50: 0, max: 0, capped: false }, correctness, threadCpu: undefined, settings };
}

describe('Goal 3 rows (bench/goals-results.ts)', () => {
  const baseline: Baseline = { ...closedLoop(5_000), runs: [5_000, 4_800] };

  it('given the run on the service’s defaults, then its rows carry the goal’s name alone and its ratio to the baseline', () => {
    const [rate] = issuanceRows(issuance(1_000, {}), baseline);
    expect(rate.benchmark).to.equal('Goal 3: issuance over HTTP (closed loop)');
    expect(rate.ratio).to.equal('0.2×');
    expect(rate.verdict).to.equal('FAIL');
  });

  it('given a run with settings of its own, then every one of its rows names them, and its verdict is its own', () => {
    const rows = issuanceRows(issuance(1_600, { HTTP_PROCESSES: '2', WORKERS_NICE: '19' }), baseline);
    for (const row of rows) expect(row.benchmark).to.equal('Goal 3: issuance over HTTP (closed loop), HTTP_PROCESSES=2 WORKERS_NICE=19');
    expect(rows[0].ratio).to.equal('0.32×');
    expect(rows[0].verdict).to.equal('PASS');
  });
});

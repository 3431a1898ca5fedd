import type { SubscriptionLag } from './service-process.ts';
import { maxOf as largest, percentile } from './stats.ts';

/** `/health/ready` as sampled at one moment, `atMs` after the measured load started. */
export interface LagSample {
  atMs: number;
  workers: SubscriptionLag[];
}

/**
 * "No worker's lag grows", in numbers. Over the measured load (duration D, from 0: samples of the warm-up before it
 * do not count), a worker's lag grows when its median lag in the last quarter (the samples at ≥ 3D/4) is above its
 * median in the first quarter (≤ D/4) by more than max(`marginEvents`, `marginShare` × that first-quarter median).
 * Medians, not highest values: a lag sampled once a second includes the work in flight at that instant (a process
 * manager with 128 submissions waiting on the provider is a few hundred events behind while keeping up), and one
 * sample catching a batch in flight made the highest of a 3-sample quarter jump by 100 events at rates the service
 * sustained. A backlog that builds raises the median. After the load, every worker must come down to at most
 * `drainedEvents` within `drainSeconds`. A worker in state 'failed' at any sample fails the rule as well.
 */
export const LAG_RULE = { marginEvents: 100, marginShare: 0.25, drainedEvents: 5, drainSeconds: 5 } as const;

export interface WorkerLag {
  name: string;
  firstQuarterMedian: number;
  lastQuarterMedian: number;
  /** The highest lag seen during the load; `capped` when health could only say "at least this" of the last quarter's. */
  max: number;
  capped: boolean;
  /** Highest lag in the last sample after the load (what did not drain). */
  afterRun: number;
  grows: boolean;
  drained: boolean;
  failed: boolean;
}

export interface LagVerdict {
  ok: boolean;
  workers: WorkerLag[];
  /** One line naming the workers that broke the rule and how, '' when none did. */
  reason: string;
}

/** Applies LAG_RULE to the samples taken during a load of `durationMs` and those taken after it (atMs ≥ durationMs). */
export function judgeLag(samples: readonly LagSample[], durationMs: number, rule = LAG_RULE): LagVerdict {
  // The warm-up's samples (before 0) are left out: taken at half the rate, they made the first quarter's median a
  // level from before the step up, so a process manager's work in flight, which grows with the rate, looked like growth.
  const during = samples.filter((s) => s.atMs >= 0 && s.atMs < durationMs);
  const after = samples.filter((s) => s.atMs >= durationMs && s.atMs <= durationMs + rule.drainSeconds * 1000);
  const names = [...new Set(samples.flatMap((s) => s.workers.map((w) => w.name)))];
  if (names.length === 0) return { ok: false, workers: [], reason: 'no /health/ready sample named a worker' };
  const lagOf = (sample: LagSample, name: string) => sample.workers.find((w) => w.name === name);
  const lagsOf = (list: readonly LagSample[], name: string) => list.map((s) => lagOf(s, name)?.lag ?? 0).filter(Number.isFinite);
  const maxOf = (list: readonly LagSample[], name: string) => largest(lagsOf(list, name));
  const medianOf = (list: readonly LagSample[], name: string) => {
    const lags = lagsOf(list, name);
    return lags.length === 0 ? 0 : percentile(lags, 50);
  };

  const workers = names.map((name): WorkerLag => {
    const firstQuarterMedian = medianOf(during.filter((s) => s.atMs <= durationMs / 4), name);
    const lastQuarterMedian = medianOf(during.filter((s) => s.atMs >= (3 * durationMs) / 4), name);
    const margin = Math.max(rule.marginEvents, rule.marginShare * firstQuarterMedian);
    const afterLags = after.map((s) => lagOf(s, name)?.lag).filter((lag): lag is number => lag !== undefined && Number.isFinite(lag));
    return {
      name,
      firstQuarterMedian,
      lastQuarterMedian,
      max: maxOf(during, name),
      capped: during.some((s) => s.atMs >= (3 * durationMs) / 4 && lagOf(s, name)?.capped === true),
      afterRun: afterLags[afterLags.length - 1] ?? Number.NaN,
      grows: lastQuarterMedian > firstQuarterMedian + margin,
      drained: afterLags.some((lag) => lag <= rule.drainedEvents),
      failed: samples.some((s) => lagOf(s, name)?.state === 'failed'),
    };
  });
  const broken = workers
    .map((w) => {
      const how = [
        w.failed && 'failed',
        w.grows && `grew (median ${w.firstQuarterMedian} → ${w.lastQuarterMedian}${w.capped ? '+' : ''} events)`,
        !w.drained && `did not drain within ${rule.drainSeconds} s (${Number.isNaN(w.afterRun) ? 'no sample' : `${w.afterRun} events`})`,
      ].filter(Boolean);
      return how.length ? `${w.name} ${how.join(', ')}` : '';
    })
    .filter(Boolean);
  return { ok: broken.length === 0, workers, reason: broken.join('; ') };
}

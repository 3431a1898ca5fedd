import type { SubscriptionLag } from './service-process.ts';

/** `/health/ready` as sampled at one moment, `atMs` after the measured load started. */
export interface LagSample {
  atMs: number;
  workers: SubscriptionLag[];
}

/**
 * "No worker's lag grows", in numbers. Over the measured load (duration D), a worker's lag grows when its highest
 * lag in the last quarter (the samples at ≥ 3D/4) is above its highest in the first quarter (≤ D/4) by more than
 * max(`marginEvents`, `marginShare` × that first-quarter highest). After the load, every worker must come down to at
 * most `drainedEvents` within `drainSeconds`. A worker in state 'failed' at any sample fails the rule as well.
 */
export const LAG_RULE = { marginEvents: 100, marginShare: 0.25, drainedEvents: 5, drainSeconds: 5 } as const;

export interface WorkerLag {
  name: string;
  firstQuarterMax: number;
  lastQuarterMax: number;
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
  const during = samples.filter((s) => s.atMs < durationMs);
  const after = samples.filter((s) => s.atMs >= durationMs && s.atMs <= durationMs + rule.drainSeconds * 1000);
  const names = [...new Set(samples.flatMap((s) => s.workers.map((w) => w.name)))];
  if (names.length === 0) return { ok: false, workers: [], reason: 'no /health/ready sample named a worker' };
  const lagOf = (sample: LagSample, name: string) => sample.workers.find((w) => w.name === name);
  const maxOf = (list: readonly LagSample[], name: string) => Math.max(0, ...list.map((s) => lagOf(s, name)?.lag ?? 0).filter(Number.isFinite));

  const workers = names.map((name): WorkerLag => {
    const firstQuarterMax = maxOf(during.filter((s) => s.atMs <= durationMs / 4), name);
    const lastQuarterMax = maxOf(during.filter((s) => s.atMs >= (3 * durationMs) / 4), name);
    const margin = Math.max(rule.marginEvents, rule.marginShare * firstQuarterMax);
    const afterLags = after.map((s) => lagOf(s, name)?.lag).filter((lag): lag is number => lag !== undefined && Number.isFinite(lag));
    return {
      name,
      firstQuarterMax,
      lastQuarterMax,
      max: maxOf(during, name),
      capped: during.some((s) => s.atMs >= (3 * durationMs) / 4 && lagOf(s, name)?.capped === true),
      afterRun: afterLags[afterLags.length - 1] ?? Number.NaN,
      grows: lastQuarterMax > firstQuarterMax + margin,
      drained: afterLags.some((lag) => lag <= rule.drainedEvents),
      failed: samples.some((s) => lagOf(s, name)?.state === 'failed'),
    };
  });
  const broken = workers
    .map((w) => {
      const how = [
        w.failed && 'failed',
        w.grows && `grew (${w.firstQuarterMax} → ${w.lastQuarterMax}${w.capped ? '+' : ''} events)`,
        !w.drained && `did not drain within ${rule.drainSeconds} s (${Number.isNaN(w.afterRun) ? 'no sample' : `${w.afterRun} events`})`,
      ].filter(Boolean);
      return how.length ? `${w.name} ${how.join(', ')}` : '';
    })
    .filter(Boolean);
  return { ok: broken.length === 0, workers, reason: broken.join('; ') };
}

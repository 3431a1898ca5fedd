/** PASS or FAIL against a target, or '—' where there is no target or no figure. */
export type Verdict = 'PASS' | 'FAIL' | '—';

/** Nearest-rank percentile (p in 0..100) of the values; NaN for none. The values need not be sorted. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * The largest value, or 0 for none. A loop, not Math.max(...values): spreading a 60 s run's 80,000 figures as arguments
 * overflowed the stack of the load client.
 */
export function maxOf(values: Iterable<number>): number {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return max;
}

/** value / baseline; undefined when either is missing or the baseline is not positive. */
export function ratioTo(value: number | undefined, baseline: number | undefined): number | undefined {
  if (value === undefined || baseline === undefined || !Number.isFinite(value) || !Number.isFinite(baseline) || baseline <= 0) return undefined;
  return value / baseline;
}

/** PASS when the figure reaches the target (≥); '—' when there is no figure. */
export function atLeast(value: number | undefined, target: number): Verdict {
  if (value === undefined || Number.isNaN(value)) return '—';
  return value >= target ? 'PASS' : 'FAIL';
}

/** PASS when the figure stays within the target (≤); '—' when there is no figure. */
export function atMost(value: number | undefined, target: number): Verdict {
  if (value === undefined || Number.isNaN(value)) return '—';
  return value <= target ? 'PASS' : 'FAIL';
}

/** PASS only when every verdict passes; FAIL when one fails; '—' when none was decided. */
export function allOf(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('FAIL')) return 'FAIL';
  return verdicts.includes('PASS') ? 'PASS' : '—';
}

import type { ClientCpu } from './load-spec.ts';
import type { Verdict } from './stats.ts';

/** One row of the results table. Goal rows fill baseline, ratio and client CPU; the others leave them out ('—'). */
export interface Row {
  benchmark: string;
  metric: string;
  value: string;
  /** The bare express baseline measured in the same run, where the target is a ratio to it. */
  baseline?: string;
  ratio?: string;
  /** The load client's own CPU during the figure's load (its own process). */
  clientCpu?: string;
  target: string;
  verdict: Verdict;
}

/** A benchmark left out of this run by BENCH_ONLY. */
export class Skipped extends Error {
  constructor() {
    super('skipped (BENCH_ONLY)');
    this.name = 'Skipped';
  }
}

export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');
export const ms = (n: number) => (Number.isFinite(n) ? `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} ms` : '—');
export const ratio = (n: number | undefined) => (n === undefined ? '—' : `${n.toLocaleString('en-US', { maximumFractionDigits: 3 })}×`);
/** "12 % of a core (1,234 ms)": the load client's CPU over its measured window. */
export const cpu = (c: ClientCpu) => `${Math.round(100 * c.coreShare)} % of a core (${int(c.userMs + c.systemMs)} ms)`;
export const failed = (error: Error) => (error instanceof Skipped ? 'skipped' : `error: ${error.message.split('\n')[0]}`);
export const failVerdict = (error: Error): Verdict => (error instanceof Skipped ? '—' : 'FAIL');

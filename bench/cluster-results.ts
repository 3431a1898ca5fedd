import type { ClusterResult, ClusterRun } from './cluster-run.ts';

interface Row {
  benchmark: string;
  metric: string;
  value: string;
  target: string;
  verdict: 'PASS' | 'FAIL' | '—';
}

const BENCHMARK = 'Several processes on one DATA_DIR (POST → validated, sandbox)';
const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')} documents/s`;
const shares = (run: ClusterRun) =>
  run.perProcess.map((share, index) => `#${index + 1}: ${share.accepted} accepted, ${share.submitted} submitted`).join('; ');

export function clusterRows(result: ClusterResult | Error): Row[] {
  if (result instanceof Error) {
    const skipped = result.name === 'Skipped';
    return [{ benchmark: BENCHMARK, metric: 'validated/s', value: skipped ? 'skipped' : `error: ${result.message.split('\n')[0]}`, target: '—', verdict: skipped ? '—' : 'FAIL' }];
  }
  const { single, three } = result;
  return [
    { benchmark: BENCHMARK, metric: `1 process, ${single.documents} documents`, value: perSecond(single.validatedPerSecond), target: '—', verdict: '—' },
    { benchmark: BENCHMARK, metric: `3 processes, ${three.documents} documents`, value: perSecond(three.validatedPerSecond), target: '—', verdict: '—' },
    { benchmark: BENCHMARK, metric: '3 processes / 1 process', value: (three.validatedPerSecond / single.validatedPerSecond).toFixed(2), target: '—', verdict: '—' },
    { benchmark: BENCHMARK, metric: 'per process (3 processes), validated/s', value: perSecond(three.validatedPerSecond / three.processes), target: '—', verdict: '—' },
    { benchmark: BENCHMARK, metric: 'share of each process (3 processes)', value: shares(three), target: '—', verdict: '—' },
  ];
}

export function clusterSettings(result: ClusterResult | Error): string[] {
  if (result instanceof Error) return [];
  return [
    `- Several processes: \`node --import tsx api/main.ts\` child processes (workers in their thread) on one temp DATA_DIR, sandbox delay ${result.sandboxDelayMs} ms; ` +
      `the three-process run starts once every process holds part of the work. ${result.concurrency} concurrent clients POST round-robin; the time runs from the first POST until ` +
      `every document is validated. "Submitted" counts the first attempts each process claimed (the submission process manager runs in one process at a time, so one process ` +
      `submits them all while the others serve HTTP and hold other projections).`,
  ];
}

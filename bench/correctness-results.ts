import { int, type Row } from './results-format.ts';
import type { Correctness } from './service-records.ts';

/** "Every accepted document final, numbers gap-free" for one service run, as a PASS/FAIL row. */
export function correctnessRow(benchmark: string, run: string, c: Correctness): Row {
  const statuses = Object.entries(c.statuses)
    .map(([status, count]) => `${int(count)} ${status}`)
    .join(', ');
  const numbers = c.numbers.perPrefix
    .map((p) => {
      const faults = [
        p.missingCount > 0 && `${int(p.missingCount)} missing (${p.missing.join(', ')}${p.missingCount > p.missing.length ? ', …' : ''})`,
        p.duplicateCount > 0 && `${int(p.duplicateCount)} duplicated (${p.duplicates.join(', ')})`,
        p.malformed.length > 0 && `malformed: ${p.malformed.join(', ')}`,
      ].filter(Boolean);
      return `${p.prefix} ${p.first}–${p.last} (${int(p.count)}): ${faults.length ? faults.join(', ') : 'no gaps, no duplicates'}`;
    })
    .join('; ');
  return {
    benchmark,
    metric: `${run}: every accepted document final, validated numbers gap-free per prefix`,
    value: `${int(c.final)} of ${int(c.recorded)} recorded final${statuses ? ` (${statuses})` : ''}, ${int(c.accepted)} answered 202${c.unanswered > 0 ? ` + up to ${int(c.unanswered)} unanswered` : ''}${c.waitedSeconds > 0.5 ? ` after ${c.waitedSeconds.toFixed(0)} s` : ''}; ${numbers || 'no numbers'}`,
    target: 'all final, gap-free',
    verdict: c.ok ? 'PASS' : 'FAIL',
  };
}

import type { AppendRateResult } from './append-rate.ts';
import type { CatchUpResult } from './catch-up.ts';
import { GOALS } from './goal-targets.ts';
import type { IssuanceResult } from './issuance.ts';
import type { RebuildResult } from './rebuild.ts';
import { failed, failVerdict, int, ratio, type Row } from './results-format.ts';
import { atLeast } from './stats.ts';
import { READ_MODELS_PAGE_SIZE } from '../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { PROJECTION_SEMI_SPACE_MB, projectionThreadLimits } from '../infrastructure/runtime/projection-heap.ts';

export interface StoreInputs {
  issuance: IssuanceResult | Error;
  append: AppendRateResult | Error;
  catchUp: CatchUpResult | Error;
  rebuild: RebuildResult | Error;
}

/** Append, goal 4 (catch-up and rebuild) and the documents projection's lag under issuance. */
export function storeRows({ issuance, append, catchUp, rebuild }: StoreInputs): Row[] {
  const out: Row[] = [];
  const appending = 'SQLite append (single-event, new streams)';
  if (append instanceof Error) {
    out.push({ benchmark: appending, metric: 'events/s', value: failed(append), target: '—', verdict: '—' });
  } else {
    out.push(
      { benchmark: appending, metric: `SqliteEventStore.append, N=${int(append.events)}`, value: `${int(append.storeEventsPerSecond)} events/s`, target: '—', verdict: '—' },
      { benchmark: appending, metric: 'raw better-sqlite3 INSERT (autocommit)', value: `${int(append.rawEventsPerSecond)} events/s`, target: '—', verdict: '—' },
      { benchmark: appending, metric: 'store / raw', value: ratio(append.ratio), target: '—', verdict: '—' },
    );
  }
  const target = `≥ ${int(GOALS.projectionEventsPerSecond)} events/s`;
  const projectionRow = (benchmark: string, result: CatchUpResult | RebuildResult | RebuildResult['catchUp'] | Error, digits: number): Row =>
    result instanceof Error
      ? { benchmark, metric: 'events/s', value: failed(result), target, verdict: failVerdict(result) }
      : {
          benchmark,
          metric: `${int(result.events)} events in ${result.seconds.toFixed(digits)} s${'runs' in result && result.runs.length > 1 ? ` (median of ${result.runs.length} cold runs: ${result.runs.map(int).join(', ')} events/s)` : ''}`,
          value: `${int(result.eventsPerSecond)} events/s`,
          baseline: `floor: ${int(result.floorEventsPerSecond)} events/s`,
          ratio: ratio(result.eventsPerSecond / result.floorEventsPerSecond),
          target,
          verdict: atLeast(result.eventsPerSecond, GOALS.projectionEventsPerSecond),
        };
  out.push(
    projectionRow('Goal 4: projection catch-up (documents)', catchUp, 2),
    projectionRow('Goal 4: projection catch-up of the rebuild\'s log (documents)', rebuild instanceof Error ? rebuild : rebuild.catchUp, 1),
    projectionRow('Goal 4: projection rebuild (documents)', rebuild, 1),
  );
  if (!(issuance instanceof Error)) {
    const lag = issuance.documentsLagDuringLoad;
    out.push({
      benchmark: 'Projection lag under closed-loop issuance (documents)',
      metric: `p50 / max over ${lag.samples} samples (events)`,
      value: `${int(lag.p50)}${lag.capped && lag.p50 >= lag.max ? '+' : ''} / ${int(lag.max)}${lag.capped ? '+' : ''}`,
      target: '—',
      verdict: '—',
    });
  }
  return out;
}

export function storeSettings({ append, catchUp, rebuild }: StoreInputs): string[] {
  const lines: string[] = [];
  if (!(append instanceof Error)) {
    lines.push(
      `- Append: ${int(append.events)} DocumentCreated events (sample body; ~2.3 KB of JSON with metadata each), one per new stream with expected 'no_stream', after 1,000 untimed warm-up appends; ` +
        'raw: the same rows into an identical table (same constraints, index and pragmas: WAL, synchronous=NORMAL), one autocommit INSERT per row. Temp files on the local disk.',
    );
  }
  if (!(rebuild instanceof Error)) {
    lines.push(
      `- Rebuild: the operator's \`projections rebuild documents\` (ProjectionRebuild) over ${int(rebuild.events)} events (one append of created, submission started and validated per invoice: copies of one invoice, each with an id made as the service makes them, scattered over the primary keys as real ones are, and its own number and times; ` +
        `${rebuild.setupSeconds.toFixed(1)} s untimed setup), building version 2 beside version 1 from position 0 (its rows written without indexes and tallies, made once it has caught up), then the switch and the drop of version 1; the WAL checkpoints on a thread of their own, as the CLI and the service run them. It runs in a worker thread with the service's workers-thread heap limits (a ${projectionThreadLimits.maxYoungGenerationSizeMb} MiB young generation, as the CLI's --max-semi-space-size=${PROJECTION_SEMI_SPACE_MB}), from a cold start: the thread's code is compiled as it runs. Read models on ${int(READ_MODELS_PAGE_SIZE)}-byte pages, the log on SQLite's default 4,096. BENCH_REBUILD_EVENTS sets the size. ` +
        `Its baseline, the floor, is timed right after in the same thread: the same events read and parsed once, then the rows the rebuild made serialised and inserted once into a new table without indexes, in as many commits (each commit's rows read and parsed untimed, as its input), and the same indexes made last with the page cache and memory map a rebuild gives them (bench/projection-floor.ts). ` +
        `Then, in the same thread, the catch-up of goal 4 (below) over the rebuild's log, into a new read-models file (one run, after the rebuild: its code already compiled, a small part of a run this long), and its floor as the catch-up's: a log ten times as long, whose tables outgrow the page cache as a deployment's do.`,
    );
  }
  if (!(catchUp instanceof Error)) {
    lines.push(
      `- Catch-up: ${int(catchUp.documents)} sales invoices (DocumentCreated, DocumentSubmissionStarted, DocumentValidated each, built by the document decider, one append each; ` +
        `${catchUp.setupSeconds.toFixed(1)} s untimed setup), then a fresh SubscriptionRunner + DocumentsProjection + SqliteReadModelStore from position 0 (indexes and tallies kept row by row, as live; the WAL checkpoints on a thread of their own, as in the service), timed to runner.waitFor(head), in a worker thread with the heap limits of the service's workers thread, where the service catches up, from a cold start. ` +
        `Run ${catchUp.runs.length} times on the same log, each in a new thread into a new read-models file; the figure is the median run (BENCH_CATCHUP_RUNS sets how many). ` +
        `Its baseline, the floor, is timed after each run in a thread of its own: the same events read (same filter, 2,000 a read) and their data and metadata parsed once, then the rows that run made serialised and inserted once into a new table with the same schema and indexes, in as many commits (each commit's rows read and parsed untimed, as its input), on a file made as the read models' are; no fold, no tallies, no checkpoints, no subscription (bench/projection-floor.ts). Floor runs: ${catchUp.floorRuns.map(int).join(', ')} events/s (median ${int(catchUp.floorEventsPerSecond)}).`,
    );
  }
  return lines;
}

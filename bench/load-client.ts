/**
 * The load generator, in its own process so its CPU use is its own and can be reported beside each figure:
 *   BENCH_LOAD_SPEC='<LoadSpec as JSON>' node --import tsx bench/load-client.ts
 * Writes its result as JSON to the spec's outFile and prints one line `{"done":true}` on stdout. Started by
 * bench/load-process.ts.
 */
import { writeFileSync } from 'node:fs';
import { closedLoop } from './closed-loop.ts';
import { getsLoad } from './gets-load.ts';
import type { LoadSpec } from './load-spec.ts';
import { openLoop } from './open-loop.ts';
import { sequentialLoad } from './sequential-load.ts';

async function main(): Promise<void> {
  const raw = process.env.BENCH_LOAD_SPEC;
  if (!raw) throw new Error('BENCH_LOAD_SPEC is not set: it holds the load to run as JSON (see bench/load-spec.ts)');
  const spec = JSON.parse(raw) as LoadSpec;
  const result =
    spec.mode === 'closed' ? await closedLoop(spec) : spec.mode === 'open' ? await openLoop(spec) : spec.mode === 'gets' ? await getsLoad(spec) : await sequentialLoad(spec);
  writeFileSync(spec.outFile, JSON.stringify(result));
  process.stdout.write(`${JSON.stringify({ done: true })}\n`);
}

main().catch((error) => {
  process.stderr.write(`load client: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});

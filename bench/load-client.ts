/**
 * The load generator, in its own process so its CPU use is its own and can be reported beside each figure:
 *   BENCH_LOAD_SPEC_FILE=<a file holding the LoadSpec as JSON> node --import tsx bench/load-client.ts
 * A file, not the JSON itself in the environment: a list's thousands of paths pass Linux's 128 KiB limit on one
 * environment string (spawn fails with E2BIG).
 * Writes its result as JSON to the spec's outFile and prints one line `{"done":true}` on stdout. Started by
 * bench/load-process.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { closedLoop } from './closed-loop.ts';
import { getsLoad } from './gets-load.ts';
import type { LoadSpec } from './load-spec.ts';
import { openLoop } from './open-loop.ts';
import { sequentialLoad } from './sequential-load.ts';

async function main(): Promise<void> {
  const file = process.env.BENCH_LOAD_SPEC_FILE;
  if (!file) throw new Error('BENCH_LOAD_SPEC_FILE is not set: it names a file holding the load to run as JSON (see bench/load-spec.ts)');
  const spec = JSON.parse(readFileSync(file, 'utf8')) as LoadSpec;
  const result =
    spec.mode === 'closed' ? await closedLoop(spec) : spec.mode === 'open' ? await openLoop(spec) : spec.mode === 'gets' ? await getsLoad(spec) : await sequentialLoad(spec);
  writeFileSync(spec.outFile, JSON.stringify(result));
  process.stdout.write(`${JSON.stringify({ done: true })}\n`);
}

main().catch((error) => {
  process.stderr.write(`load client: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});

// The whole suite as two mocha processes side by side (the lanes of .mocharc.cjs): the files that mostly wait on the
// wall clock beside the rest. The busy lane prints as it runs, the waiting lane's output follows it, and the last
// line adds up both lanes' real counts: "N passed, N failed".
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const countsDir = mkdtempSync(join(tmpdir(), 'einvoicing-suite-'));

function runLane(name, { printAsItRuns }) {
  const countsFile = join(countsDir, `${name}.json`);
  const child = spawn('npx', ['mocha'], {
    env: { ...process.env, TEST_LANE: name, TEST_COUNTS_FILE: countsFile },
    stdio: ['ignore', printAsItRuns ? 'inherit' : 'pipe', printAsItRuns ? 'inherit' : 'pipe'],
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ name, code, signal, output: Buffer.concat(output), counts: readCounts(countsFile) }));
  });
}

function readCounts(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const [busy, waiting] = await Promise.all([runLane('busy', { printAsItRuns: true }), runLane('waiting', { printAsItRuns: false })]);
process.stdout.write(waiting.output);
rmSync(countsDir, { recursive: true, force: true });

let passed = 0;
let failed = 0;
let skipped = 0;
for (const lane of [busy, waiting]) {
  if (lane.counts === undefined) {
    // A lane that died before its summary (a crash, a signal) is a failure the counts cannot show.
    process.stdout.write(`\nlane ${lane.name} stopped (${lane.signal ?? `exit code ${lane.code}`}) before reporting its counts\n`);
    failed += 1;
    continue;
  }
  passed += lane.counts.passes;
  failed += lane.counts.failures;
  skipped += lane.counts.pending;
  if (lane.code !== 0 && lane.counts.failures === 0) {
    // Mocha exits with the number of failures: any other exit after a clean summary is a failure too.
    process.stdout.write(`\nlane ${lane.name} reported no failure but exited with ${lane.signal ?? `code ${lane.code}`}\n`);
    failed += 1;
  }
}
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exitCode = failed > 0 ? 1 : 0;

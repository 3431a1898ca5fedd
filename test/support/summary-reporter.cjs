// Spec output, then one closing line with the real counts: "N passed, N failed". In a lane of the suite
// (TEST_LANE) the line names the lane and the counts also go to TEST_COUNTS_FILE, for test/run-suite.mjs to add up.
const { writeFileSync } = require('node:fs');
const Mocha = require('mocha');
const { Spec } = Mocha.reporters;
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SummaryReporter extends Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
      const skipped = pending ? `, ${pending} skipped` : '';
      const lane = process.env.TEST_LANE;
      if (process.env.TEST_COUNTS_FILE) writeFileSync(process.env.TEST_COUNTS_FILE, JSON.stringify({ passes, failures, pending }));
      process.stdout.write(`\n${lane ? `lane ${lane}: ` : ''}${passes} passed, ${failures} failed${skipped}\n`);
    });
  }
}
module.exports = SummaryReporter;

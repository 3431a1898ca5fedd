// Mocha's settings for the whole suite, or for one of the two lanes `npm test` runs side by side (TEST_LANE).

/**
 * Files whose time goes to waiting on the wall clock rather than to the CPU: Factus's 80 requests a minute across
 * three processes (about three and a half minutes), store outages of fixed length (30, 10 and 5 s), and a file held
 * locked past SQLite's busy timeout (5 s). In a lane of their own they wait while the other lane keeps both cores busy.
 */
const WAITING = [
  'test/e2e/three-processes-factus.test.ts',
  'test/application/subscriptions/runner-faults.test.ts',
  'test/infrastructure/sqlite/open-database.test.ts',
];

const lane = process.env.TEST_LANE;
if (lane !== undefined && lane !== 'waiting' && lane !== 'busy') {
  throw new Error(`TEST_LANE must be "waiting" or "busy" (or unset for the whole suite), not "${lane}"`);
}

module.exports = {
  'node-option': ['import=tsx'],
  spec: lane === 'waiting' ? WAITING : ['test/**/*.test.ts'],
  ignore: lane === 'busy' ? WAITING : [],
  reporter: 'test/support/summary-reporter.cjs',
  timeout: 20000,
  exit: true,
};

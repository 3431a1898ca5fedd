import { postLoad, type HttpLoadResult } from './http-load.ts';
import { freePort, spawnTsx, waitUntil } from './resources.ts';

/** Same autocannon settings as the issuance run, against bench/baseline-server.ts in a child process. */
export async function runBaseline(): Promise<HttpLoadResult> {
  const port = await freePort();
  const server = spawnTsx('bench/baseline-server.ts', { PORT: String(port) });
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntil(server, 'baseline server', async () => (await fetch(`${baseUrl}/health`)).ok);
    // A bearer header of the demo key's length, so both runs send requests of the same size.
    return await postLoad(baseUrl, { authorization: `Bearer fe_test_${'x'.repeat(44)}` }, 'baseline');
  } finally {
    await server.stop();
  }
}

/** The baseline as the ratios use it: the highest of its runs, with every run's requests/s (failed runs left out). */
export type Baseline = HttpLoadResult & { runs: number[] };

/**
 * The baseline is run several times over the benchmark (at its start, after the end-to-end search, at its end) and the
 * ratios divide by the highest: a slow moment of the host lowers one run by a fifth (5,801 requests/s in a run whose
 * baseline measured 7,154–7,509 alone minutes later), and a ratio over that run would pass a goal the service did
 * not meet. An error only when every run failed.
 */
export function highestBaseline(runs: ReadonlyArray<HttpLoadResult | Error>): Baseline | Error {
  const measured = runs.filter((run): run is HttpLoadResult => !(run instanceof Error));
  if (measured.length === 0) return runs.find((run): run is Error => run instanceof Error) ?? new Error('the baseline did not run');
  const highest = measured.reduce((best, run) => (run.requestsPerSecond > best.requestsPerSecond ? run : best));
  return { ...highest, runs: measured.map((run) => run.requestsPerSecond) };
}

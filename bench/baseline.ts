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

// Run by WorkerThreadHost in place of the service's workers (test/infrastructure/runtime/worker-thread-host.test.ts).
// Each life appends a line to STAND_IN_LIVES and knows its number from them. A life listed in STAND_IN_CRASH_LIVES
// crashes (an error nothing catches) when asked for its health; one listed in STAND_IN_FAIL_LIVES reports that it
// failed to start. Any other answers its health with one subscription named after its life.
import { appendFileSync, readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWorkers, ToWorkers } from '../../infrastructure/runtime/worker-protocol.ts';

const port = parentPort!;
const env = workerData.env as NodeJS.ProcessEnv;
const listed = (name: string) => (env[name] ?? '').split(',').filter(Boolean).map(Number);
appendFileSync(env.STAND_IN_LIVES!, 'life\n');
const life = readFileSync(env.STAND_IN_LIVES!, 'utf8').trim().split('\n').length;
const send = (message: FromWorkers) => port.postMessage(message);

port.on('message', (message: ToWorkers) => {
  if (message.type === 'health') {
    if (listed('STAND_IN_CRASH_LIVES').includes(life)) throw new Error(`the stand-in crashed in life ${life}`);
    send({ type: 'health', id: message.id, subscriptions: [{ name: `life-${life}`, kind: 'projection', state: 'running', position: '0', head: '0', lag: '0', error: null }] });
  }
  if (message.type === 'stop') {
    send({ type: 'stopped' });
    port.close();
  }
});
send(listed('STAND_IN_FAIL_LIVES').includes(life) ? { type: 'failed', message: `life ${life} cannot start` } : { type: 'started' });

import { readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { expect } from 'chai';

// A thread's own id on Linux, read as the thread-priority module reads it.
const threadIdOf = () => Number(readlinkSync('/proc/thread-self').split('/').pop());

describe('niceThisThread (Linux: each thread has its own nice value)', () => {
  it('given a worker thread that lowers its priority, then that thread has the nice value and the calling thread keeps its own', async () => {
    const mine = getPriority(threadIdOf());
    const source = `
      const { parentPort } = require('node:worker_threads');
      import(${JSON.stringify(new URL('../../../infrastructure/runtime/thread-priority.mjs', import.meta.url).href)})
        .then(({ niceThisThread }) => {
          const done = niceThisThread(7);
          const id = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
          parentPort.postMessage({ done, nice: require('node:os').getPriority(id) });
        })
        .catch((error) => parentPort.postMessage({ error: String(error) }));
    `;
    const worker = new Worker(source, { eval: true });
    const answer = await new Promise<{ done?: boolean; nice?: number; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(answer).to.deep.equal({ done: true, nice: Math.max(mine, 7) });
    expect(getPriority(threadIdOf())).to.equal(mine);
  });
});

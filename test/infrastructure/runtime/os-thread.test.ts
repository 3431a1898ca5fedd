import { Worker } from 'node:worker_threads';
import { expect } from 'chai';
import { cpuSecondsOfStat, osThreadId, threadCpuSeconds } from '../../../infrastructure/runtime/os-thread.mjs';

/** Spins until this thread has used `ms` more of CPU (process.cpuUsage counts every thread; the others are idle here). */
function burnCpu(ms: number): void {
  const start = process.cpuUsage();
  let x = 0;
  while (true) {
    for (let i = 0; i < 100_000; i += 1) x = (x * 31 + i) % 1_000_003;
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) break;
  }
  if (x < 0) throw new Error('unreachable');
}

describe('OS threads (Linux /proc): ids and CPU time', () => {
  it('reads utime + stime of a stat line in seconds of 100 ticks, whatever the thread name holds', () => {
    const stat = '4242 (we) ird (na me) S 1 2 3 4 5 6 7 8 9 10 250 70 0 0 20 0 9 0 100 2000000 500';
    expect(cpuSecondsOfStat(stat)).to.equal(3.2);
    expect(cpuSecondsOfStat('4242 (node) S 1 2 3 4 5 6 7 8 9 10 0 0 0 0 20 0')).to.equal(0);
  });

  it('gives no figure for a stat line it cannot read', () => {
    expect(cpuSecondsOfStat('no parentheses at all')).to.equal(undefined);
    expect(cpuSecondsOfStat('4242 (node) S 1 2 3')).to.equal(undefined);
    expect(cpuSecondsOfStat('4242 (node) S 1 2 3 4 5 6 7 8 9 10 x y')).to.equal(undefined);
  });

  it('given this thread burns CPU, then its CPU seconds grow by about as much; a thread that does not exist has none', () => {
    const id = osThreadId();
    expect(id).to.be.a('number');
    const before = threadCpuSeconds(id!)!;
    expect(before).to.be.a('number');
    burnCpu(300);
    const grown = threadCpuSeconds(id!)! - before;
    // Ticks of 10 ms, and the other threads' share of process.cpuUsage: a margin either way.
    expect(grown).to.be.within(0.2, 1);
    expect(threadCpuSeconds(2 ** 31 - 1)).to.equal(undefined);
  });

  it('given a worker thread, then it has an id of its own, and this thread can read its CPU time', async () => {
    const source = `
      const { parentPort } = require('node:worker_threads');
      import(${JSON.stringify(new URL('../../../infrastructure/runtime/os-thread.mjs', import.meta.url).href)})
        .then(({ osThreadId }) => {
          const start = Date.now();
          let x = 0;
          while (Date.now() - start < 300) x = (x * 31 + 7) % 1000003;
          parentPort.postMessage({ id: osThreadId(), x });
          parentPort.once('message', () => process.exit(0));
        })
        .catch((error) => parentPort.postMessage({ error: String(error) }));
    `;
    const worker = new Worker(source, { eval: true });
    try {
      const answer = await new Promise<{ id?: number; error?: string }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(answer.error).to.equal(undefined);
      expect(answer.id).to.be.a('number').and.not.equal(osThreadId());
      expect(threadCpuSeconds(answer.id!)).to.be.at.least(0.1);
    } finally {
      await worker.terminate();
    }
  });
});

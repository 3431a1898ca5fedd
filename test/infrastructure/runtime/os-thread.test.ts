import { Worker } from 'node:worker_threads';
import { expect } from 'chai';
import { cpuSecondsOfStat, osThreadId, threadCpuSeconds } from '../../../infrastructure/runtime/os-thread.mjs';
import { burnThreadCpu } from '../../support/burn-cpu.ts';

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

  it('given this thread burns CPU, then its CPU seconds grow, never by more than the whole process used; a thread that does not exist has none', () => {
    const id = osThreadId();
    expect(id).to.be.a('number');
    expect(threadCpuSeconds(id!)).to.be.a('number');
    const processBefore = process.cpuUsage();
    const grown = burnThreadCpu(id!, 0.3);
    const processUsed = process.cpuUsage(processBefore);
    expect(grown).to.be.at.least(0.3);
    // One thread's time is part of the process's (ticks of 10 ms: a tick's margin).
    expect(grown).to.be.at.most((processUsed.user + processUsed.system) / 1e6 + 0.02);
    expect(threadCpuSeconds(2 ** 31 - 1)).to.equal(undefined);
  });

  it('given a worker thread, then it has an id of its own, and this thread can read its CPU time', async () => {
    const source = `
      const { parentPort } = require('node:worker_threads');
      import(${JSON.stringify(new URL('../../../infrastructure/runtime/os-thread.mjs', import.meta.url).href)})
        .then(({ osThreadId, threadCpuSeconds }) => {
          const id = osThreadId();
          const start = threadCpuSeconds(id);
          const deadline = Date.now() + 20000;
          let x = 0;
          while (threadCpuSeconds(id) - start < 0.1 && Date.now() < deadline) for (let i = 0; i < 100000; i += 1) x = (x * 31 + i) % 1000003;
          parentPort.postMessage({ id, x });
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

import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpuBudget, cpuPerDocument, describeCpuPerDocument, GC_PREFIX, OTHER_THREADS, parseThreadCpu, readThreadCpu } from '../../bench/thread-cpu.ts';

const exposition = (main: number, workers: number) => `# HELP process_thread_cpu_seconds_total CPU time
# TYPE process_thread_cpu_seconds_total counter
process_thread_cpu_seconds_total{thread="main"} ${main}
process_thread_cpu_seconds_total{thread="wal-checkpoint"} 0.5
process_thread_cpu_seconds_total{thread="workers"} ${workers}
http_requests_total{method="POST",route="/x",status="202"} 3
`;

describe('bench: the service CPU per document, by thread', () => {
  it('reads each thread of the exposition, and nothing else', () => {
    expect(parseThreadCpu(exposition(1.25, 2))).to.deep.equal({ main: 1.25, 'wal-checkpoint': 0.5, workers: 2 });
    expect(parseThreadCpu('http_requests_total 3\n')).to.deep.equal({});
  });

  it('divides each thread\'s CPU between two readings by the documents, in milliseconds', () => {
    const cpu = cpuPerDocument(parseThreadCpu(exposition(1, 2)), parseThreadCpu(exposition(11, 32)), 20_000)!;
    expect(cpu.byThread).to.deep.equal({ main: 0.5, 'wal-checkpoint': 0, workers: 1.5 });
    expect(cpu.totalMs).to.equal(2);
    expect(describeCpuPerDocument(cpu)).to.equal('main 0.50 ms, wal-checkpoint 0.00 ms, workers 1.50 ms; 2.00 ms in all (20,000 documents)');
  });

  it('counts the process\'s CPU beyond its named threads as other threads, between the same two readings', () => {
    const withProcess = (main: number, workers: number, total: number) => `${exposition(main, workers)}# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total ${total}\n`;
    expect(parseThreadCpu(withProcess(1.25, 2, 4.5))).to.deep.equal({ main: 1.25, 'wal-checkpoint': 0.5, workers: 2, [OTHER_THREADS]: 0.75 });
    const cpu = cpuPerDocument(parseThreadCpu(withProcess(1, 2, 4)), parseThreadCpu(withProcess(11, 32, 48)), 20_000)!;
    expect(cpu.byThread).to.deep.equal({ main: 0.5, 'wal-checkpoint': 0, workers: 1.5, [OTHER_THREADS]: 0.2 });
    expect(cpu.totalMs).to.be.closeTo(2.2, 1e-9);
    expect(describeCpuPerDocument(cpu)).to.equal('main 0.50 ms, other threads 0.20 ms, wal-checkpoint 0.00 ms, workers 1.50 ms; 2.20 ms in all (20,000 documents)');
    // Without any thread's series (a system without /proc), the process's total is not passed off as other threads.
    expect(parseThreadCpu('process_cpu_seconds_total 9\n')).to.deep.equal({});
  });

  it('reads each thread\'s garbage-collection pauses (its kinds summed) as part of its CPU, not beside it', () => {
    const withGc = (main: number, workers: number, total: number, mainMinor: number, workersMinor: number) =>
      `${exposition(main, workers)}process_cpu_seconds_total ${total}
process_thread_gc_seconds_total{thread="main",kind="minor"} ${mainMinor}
process_thread_gc_seconds_total{thread="main",kind="major"} 0.25
process_thread_gc_seconds_total{thread="workers",kind="minor"} ${workersMinor}
`;
    expect(parseThreadCpu(withGc(1.25, 2, 4.5, 0.5, 0.75))).to.deep.equal({
      main: 1.25,
      'wal-checkpoint': 0.5,
      workers: 2,
      [OTHER_THREADS]: 0.75,
      [`${GC_PREFIX}main`]: 0.75,
      [`${GC_PREFIX}workers`]: 0.75,
    });
    const cpu = cpuPerDocument(parseThreadCpu(withGc(1, 2, 4, 0.5, 0.5)), parseThreadCpu(withGc(11, 32, 48, 2.5, 3.5)), 20_000)!;
    expect(cpu.byThread).to.deep.equal({ main: 0.5, 'wal-checkpoint': 0, workers: 1.5, [OTHER_THREADS]: 0.2 });
    expect(cpu.totalMs).to.be.closeTo(2.2, 1e-9);
    expect(cpu.gcByThread).to.deep.equal({ main: 0.1, workers: 0.15 });
    expect(describeCpuPerDocument(cpu)).to.equal(
      'main 0.50 ms, other threads 0.20 ms, wal-checkpoint 0.00 ms, workers 1.50 ms; 2.20 ms in all (20,000 documents); of which garbage-collection pauses main 0.10 ms, workers 0.15 ms',
    );
  });

  it('gives no figure without documents or without readings, and says so', () => {
    expect(cpuPerDocument({}, parseThreadCpu(exposition(2, 2)), 100)).to.equal(undefined);
    expect(cpuPerDocument({ main: 1 }, { main: 2 }, 0)).to.equal(undefined);
    expect(describeCpuPerDocument(undefined)).to.match(/^not measured/);
  });

  it('reads /metrics again when a request fails, and gives nothing once every attempt has', async () => {
    let requests = 0;
    let failing = 1;
    const server = createServer((request, response) => {
      requests += 1;
      if (requests <= failing) return request.socket.destroy();
      response.end(exposition(3, 4));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await readThreadCpu(baseUrl)).to.deep.equal({ main: 3, 'wal-checkpoint': 0.5, workers: 4 });
      expect(requests).to.equal(2);
      requests = 0;
      failing = 3;
      expect(await readThreadCpu(baseUrl, 3)).to.deep.equal({});
      expect(requests).to.equal(3);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('tells what the cores allow per document at a rate', () => {
    expect(cpuBudget(1_535, 2)).to.equal('2 cores at 1,535/s allow 1.30 ms');
    expect(cpuBudget(undefined, 2)).to.equal('—');
  });
});

import { expect } from 'chai';
import { ServiceMetrics } from '../../../infrastructure/metrics/service-metrics.ts';
import { osThreadId } from '../../../infrastructure/runtime/os-thread.mjs';
import { burnThreadCpu } from '../../support/burn-cpu.ts';

const series = (text: string) => text.split('\n').filter((line) => line.startsWith('process_thread_cpu_seconds_total{'));

describe('process_thread_cpu_seconds_total (Linux /proc)', () => {
  it('given threads reported by name, then each one the system knows is a series of its CPU seconds so far', async () => {
    const metrics = new ServiceMetrics();
    const id = osThreadId();
    metrics.reportThreadCpu('main', () => id);
    metrics.reportThreadCpu('not-started', () => undefined);
    metrics.reportThreadCpu('gone', () => 2 ** 31 - 1);
    const first = series(await metrics.registry.metrics());
    expect(first).to.have.length(1);
    expect(first[0]).to.match(/^process_thread_cpu_seconds_total\{thread="main"\} \d+(\.\d+)?$/);
    expect(Number(first[0].split(' ')[1])).to.be.greaterThan(0);

    burnThreadCpu(id!, 0.1);
    const again = series(await metrics.registry.metrics());
    // Read afresh on each scrape, not added up: the thread's time so far, a counter that never goes back.
    expect(Number(again[0].split(' ')[1])).to.be.at.least(Number(first[0].split(' ')[1]) + 0.1);
  });
});

import { expect } from 'chai';
import { ServiceMetrics } from '../../../infrastructure/metrics/service-metrics.ts';
import { osThreadId } from '../../../infrastructure/runtime/os-thread.mjs';
import { burnThreadCpu } from '../../support/burn-cpu.ts';

/** The value of a series without labels in a scrape. */
const value = (text: string, name: string) => Number(text.split('\n').find((line) => line.startsWith(`${name} `))?.split(' ')[1]);
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

describe('the process\'s standard metrics (reportProcess)', () => {
  it('adds the CPU of the whole process and its resident memory, read afresh on each scrape', async () => {
    const metrics = new ServiceMetrics();
    expect(await metrics.registry.metrics()).to.not.include('process_cpu_seconds_total');
    metrics.reportProcess();
    const first = await metrics.registry.metrics();
    expect(value(first, 'process_cpu_seconds_total')).to.be.greaterThan(0);
    expect(value(first, 'process_resident_memory_bytes')).to.be.greaterThan(10 * 1024 * 1024);
    burnThreadCpu(osThreadId()!, 0.1);
    const again = await metrics.registry.metrics();
    expect(value(again, 'process_cpu_seconds_total')).to.be.at.least(value(first, 'process_cpu_seconds_total') + 0.09);
  });

  it('given the event loop sampled every 100 ms, then a stall of the loop still shows as its delay', async () => {
    const metrics = new ServiceMetrics();
    metrics.reportProcess();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const stalledUntil = Date.now() + 400;
    while (Date.now() < stalledUntil) {
      // The loop is blocked: the sampler's timer fires late by what remains of the 400 ms.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(value(await metrics.registry.metrics(), 'nodejs_eventloop_lag_max_seconds')).to.be.at.least(0.25);
  });
});

describe('process_thread_gc_seconds_total (reportOwnGc)', () => {
  const gcSeries = (text: string) => text.split('\n').filter((line) => line.startsWith('process_thread_gc_seconds_total{'));
  /**
   * Allocates young objects, a few hundred megabytes that die young, so that V8 scavenges whatever its young generation
   * has grown to (Node 24's reaches 128 MiB in a busy process, Node 20's 32). Each object escapes into a small ring,
   * so that no compiler can leave its allocation out.
   */
  const allocate = () => {
    const ring: object[] = new Array(1_000);
    for (let i = 0; i < 3_000_000; i += 1) ring[i % ring.length] = { i, text: `item ${i}` };
    return ring.length;
  };
  const afterCallbacks = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('given the thread collecting garbage, then its pauses add up under its name by kind; once closed, no more', async () => {
    const metrics = new ServiceMetrics();
    expect(gcSeries(await metrics.registry.metrics())).to.deep.equal([]);
    metrics.reportOwnGc('main');
    allocate();
    await afterCallbacks();
    const first = gcSeries(await metrics.registry.metrics());
    const minor = first.find((line) => line.startsWith('process_thread_gc_seconds_total{thread="main",kind="minor"}'));
    expect(minor, first.join('\n')).to.not.equal(undefined);
    const seconds = Number(minor!.split(' ')[1]);
    expect(seconds).to.be.greaterThan(0).and.lessThan(5);
    allocate();
    await afterCallbacks();
    const grown = Number(gcSeries(await metrics.registry.metrics()).find((line) => line.includes('kind="minor"'))!.split(' ')[1]);
    expect(grown).to.be.greaterThan(seconds);
    metrics.close();
    allocate();
    await afterCallbacks();
    const closed = Number(gcSeries(await metrics.registry.metrics()).find((line) => line.includes('kind="minor"'))!.split(' ')[1]);
    expect(closed).to.equal(grown);
  });
});

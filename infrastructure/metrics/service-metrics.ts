import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { threadCpuSeconds } from '../runtime/os-thread.mjs';
import { observeThreadGc } from './thread-gc.ts';

/**
 * How often the event loop's delay is sampled. prom-client's 10 ms woke the HTTP thread 100 times a second even with
 * nothing to do (about 0.3 % of a core on the development host); at 100 ms a stall still shows in
 * `nodejs_eventloop_lag_max_seconds`, and the percentiles come from ten samples a second.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/** The Prometheus metrics of one thread; the API thread merges the workers thread's into its answer. */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly appends = new Counter({
    name: 'eventstore_appends_total',
    help: 'Appends to the event store by outcome (ok, conflict, error)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly appendedEvents = new Counter({ name: 'eventstore_events_appended_total', help: 'Events appended', registers: [this.registry] });
  readonly providerCalls = new Counter({
    name: 'provider_calls_total',
    help: 'Calls to the technology provider by provider, operation and outcome',
    labelNames: ['provider', 'operation', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly subscriptionLag = new Gauge({
    name: 'subscription_lag_events',
    help: 'Events in the log after a projection or process manager checkpoint (counted up to 1000)',
    labelNames: ['subscription', 'kind', 'state'] as const,
    registers: [this.registry],
  });
  readonly emails = new Counter({
    name: 'email_deliveries_total',
    help: 'E-mail delivery attempts by outcome (sent, temporary, permanent, error)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly renders = new Counter({
    name: 'document_renders_total',
    help: 'Files (XML, PDF, ZIP) rendered by format and where: render-thread, calling-thread, or refused (queue full)',
    labelNames: ['format', 'where'] as const,
    registers: [this.registry],
  });
  readonly renderDuration = new Histogram({
    name: 'document_render_duration_seconds',
    help: 'Time from asking for a file (XML, PDF, ZIP) to its bytes, waiting for a render thread included, by format and where it ran',
    labelNames: ['format', 'where'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  /** The render threads' pool, reported by the thread that owns it (reportRenderThreads). */
  private renderPool: RenderThreadsGauge | undefined;
  readonly renderThreads: Gauge<'state'> = new Gauge({
    name: 'document_render_threads',
    help: 'The render threads of the process (started) and the renders waiting for one of them (queued; up to 64 a thread, then refused)',
    labelNames: ['state'] as const,
    registers: [this.registry],
    collect: () => {
      if (!this.renderPool) return;
      this.renderThreads.set({ state: 'started' }, this.renderPool.started);
      this.renderThreads.set({ state: 'queued' }, this.renderPool.waiting);
    },
  });
  /** The threads whose CPU time this thread reports, by name: each name with how to find its OS thread id. */
  private readonly threads = new Map<string, () => number | undefined>();
  readonly threadCpu: Counter<'thread'> = new Counter({
    name: 'process_thread_cpu_seconds_total',
    help: 'CPU time (user and system) of each thread of the service: main (HTTP), workers, wal-checkpoint; with HTTP_PROCESSES, supervisor and http-N; Linux only',
    labelNames: ['thread'] as const,
    registers: [this.registry],
    collect: () => {
      this.threadCpu.reset();
      for (const [thread, threadId] of this.threads) {
        const id = threadId();
        const seconds = id === undefined ? undefined : threadCpuSeconds(id);
        if (seconds !== undefined) this.threadCpu.inc({ thread }, seconds);
      }
    },
  });

  readonly threadGc: Counter<'thread' | 'kind'> = new Counter({
    name: 'process_thread_gc_seconds_total',
    help: "Time each JavaScript thread of the service was paused by V8's garbage collector, by kind of pause (minor: scavenges; major: mark-compacts; incremental; weakcb); the collector's helper threads are not in it (they count in the process's CPU only)",
    labelNames: ['thread', 'kind'] as const,
    registers: [this.registry],
  });
  private stopGcObserver: (() => void) | undefined;

  /** Reports a thread's CPU time as `process_thread_cpu_seconds_total{thread=name}`, where the system tells it. */
  reportThreadCpu(name: string, threadId: () => number | undefined): void {
    this.threads.set(name, threadId);
  }

  /** Reports the calling thread's garbage-collection pauses as `process_thread_gc_seconds_total{thread=name}`. */
  reportOwnGc(name: string): void {
    this.stopGcObserver?.();
    this.stopGcObserver = observeThreadGc((kind, seconds) => this.threadGc.inc({ thread: name, kind }, seconds));
  }

  /** Stops what this thread observes of itself (its garbage collections). */
  close(): void {
    this.stopGcObserver?.();
    this.stopGcObserver = undefined;
  }

  /** Reports the render threads as `document_render_threads`: by the thread whose pool it is. */
  reportRenderThreads(pool: RenderThreadsGauge): void {
    this.renderPool = pool;
  }

  /**
   * Adds the process's standard metrics (prom-client's defaults: `process_cpu_seconds_total` of every thread, V8's
   * helpers included, resident memory, heap, event loop delay, garbage collection). One thread of a process reports
   * them: the others' answers are summed into its own.
   */
  reportProcess(): void {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  }
}

/** What `document_render_threads` reports of a pool of render threads. */
export interface RenderThreadsGauge {
  readonly started: number;
  readonly waiting: number;
}

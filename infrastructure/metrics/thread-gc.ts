import { constants, PerformanceObserver } from 'node:perf_hooks';

/** The kinds of `process_thread_gc_seconds_total`, by V8's kind of pause as perf_hooks reports it. */
const KINDS = new Map<number, string>([
  [constants.NODE_PERFORMANCE_GC_MINOR, 'minor'],
  [constants.NODE_PERFORMANCE_GC_MAJOR, 'major'],
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental'],
  [constants.NODE_PERFORMANCE_GC_WEAKCB, 'weakcb'],
]);

/**
 * Calls `paused` with each garbage-collection pause of the calling thread (its own V8 isolate: perf_hooks reports no
 * other thread's), its kind and its length in seconds. Answers how to stop.
 */
export function observeThreadGc(paused: (kind: string, seconds: number) => void): () => void {
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { kind } = (entry as { detail?: { kind?: number } }).detail ?? {};
      paused((kind !== undefined && KINDS.get(kind)) || 'other', entry.duration / 1000);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}

import { performance } from 'node:perf_hooks';
import { measureCpu } from './client-cpu.ts';
import type { GetKind, GetsResult, GetsSpec } from './load-spec.ts';
import { bucketsBetween, getBuckets, type Buckets } from './service-histogram.ts';

/**
 * GETs one at a time, each kind's warm-up then its measured requests (each timed to its body's last byte, before it is
 * parsed): a kind with paths takes them in turn; one that follows a keyset list GETs `follow`, then each page after the
 * one before (its next_cursor), starting again at the end. Any answer but 200 (or a total other than expected) fails
 * the run. With `metricsPath`, the service's own durations of each kind's measured requests come with their times,
 * from its /metrics scraped before and after them.
 */
export async function getsLoad(spec: GetsSpec): Promise<GetsResult> {
  const cpu = measureCpu();
  const kinds: GetsResult['kinds'] = [];
  for (const kind of spec.kinds) {
    const times: number[] = [];
    const count = 'paths' in kind ? kind.paths.length : kind.warmUp + kind.requests;
    let cursor: string | null = null;
    let before: Buckets | undefined;
    for (let i = 0; i < count; i += 1) {
      if (i === kind.warmUp && spec.metricsPath) before = await scrape(spec);
      const path = pathAt(kind, i, cursor);
      const start = performance.now();
      const response = await fetch(`${spec.baseUrl}${path}`, { headers: spec.headers });
      const text = await response.text();
      const elapsed = performance.now() - start;
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${text}`);
      const body = JSON.parse(text) as { next_cursor?: string | null; pagination?: { total?: number } };
      if ('expectTotal' in kind && kind.expectTotal !== undefined && body.pagination?.total !== kind.expectTotal) {
        throw new Error(`GET ${path}: expected a total of ${kind.expectTotal}, got ${JSON.stringify(body.pagination)}`);
      }
      if ('follow' in kind) cursor = body.next_cursor ?? null;
      if (i >= kind.warmUp) times.push(elapsed);
    }
    const serviceBuckets = spec.metricsPath ? bucketsBetween(before ?? (await scrape(spec)), await scrape(spec)) : undefined;
    kinds.push({ kind: kind.kind, times, serviceBuckets });
  }
  return { kinds, clientCpu: cpu() };
}

async function scrape(spec: GetsSpec): Promise<Buckets> {
  const response = await fetch(`${spec.baseUrl}${spec.metricsPath}`);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${spec.metricsPath}: ${response.status} ${text}`);
  return getBuckets(text);
}

function pathAt(kind: GetKind, i: number, cursor: string | null): string {
  if ('paths' in kind) return kind.paths[i];
  return cursor ? `${kind.follow}${kind.follow.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : kind.follow;
}

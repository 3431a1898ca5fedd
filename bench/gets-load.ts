import { performance } from 'node:perf_hooks';
import { measureCpu } from './client-cpu.ts';
import type { GetKind, GetsResult, GetsSpec } from './load-spec.ts';

/**
 * GETs one at a time, each kind's warm-up then its measured requests (each timed to its body's last byte, before it is
 * parsed): a kind with paths takes them in turn; one that follows a keyset list GETs `follow`, then each page after the
 * one before (its next_cursor), starting again at the end. Any answer but 200 (or a total other than expected) fails
 * the run.
 */
export async function getsLoad(spec: GetsSpec): Promise<GetsResult> {
  const cpu = measureCpu();
  const kinds: GetsResult['kinds'] = [];
  for (const kind of spec.kinds) {
    const times: number[] = [];
    const count = 'paths' in kind ? kind.paths.length : kind.warmUp + kind.requests;
    let cursor: string | null = null;
    for (let i = 0; i < count; i += 1) {
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
    kinds.push({ kind: kind.kind, times });
  }
  return { kinds, clientCpu: cpu() };
}

function pathAt(kind: GetKind, i: number, cursor: string | null): string {
  if ('paths' in kind) return kind.paths[i];
  return cursor ? `${kind.follow}${kind.follow.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : kind.follow;
}

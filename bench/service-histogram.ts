/**
 * The service's own view of how long its GETs took: the cumulative buckets of `http_request_duration_seconds` for
 * GET requests answered 200 (every route but /metrics itself), as read from a /metrics scrape. Two scrapes around a
 * load give the durations of the requests between them, measured from the service's first middleware to its answer's
 * `finish`: what the client's times add beyond that is the network, the event loop before the request reached the
 * app, and the client itself. Plain numbers only (no Infinity for the `+Inf` bucket: `total` is it), since the load
 * client hands its results over as JSON.
 */
export interface Buckets {
  total: number;
  /** Cumulative: the requests that took at most `leMs`, by the histogram's finite bounds in ascending order. */
  within: Array<{ leMs: number; count: number }>;
}

const BUCKET = /^http_request_duration_seconds_bucket\{(.*)\} (\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/;

export function getBuckets(exposition: string): Buckets {
  const byLe = new Map<number, number>();
  let total = 0;
  for (const line of exposition.split('\n')) {
    const match = BUCKET.exec(line.trim());
    if (!match) continue;
    const labels = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
    if (labels.method !== 'GET' || labels.status !== '200' || labels.route === '/metrics' || labels.le === undefined) continue;
    if (labels.le === '+Inf') {
      total += Number(match[2]);
      continue;
    }
    const leMs = Math.round(Number(labels.le) * 1e6) / 1e3;
    byLe.set(leMs, (byLe.get(leMs) ?? 0) + Number(match[2]));
  }
  return { total, within: [...byLe].map(([leMs, count]) => ({ leMs, count })).sort((a, b) => a.leMs - b.leMs) };
}

/** The requests between two scrapes, bucket by bucket. */
export function bucketsBetween(before: Buckets, after: Buckets): Buckets {
  return {
    total: after.total - before.total,
    within: after.within.map(({ leMs, count }) => ({ leMs, count: count - (before.within.find((b) => b.leMs === leMs)?.count ?? 0) })),
  };
}

/** The smallest bucket bound within which `percent` of the requests fell, or null past the last one. */
export function percentileBound(buckets: Buckets, percent: number): number | null {
  const needed = Math.ceil((buckets.total * percent) / 100);
  return buckets.within.find(({ count }) => count >= needed)?.leMs ?? null;
}

/** How many of the requests took longer than `ms` (a bucket bound). */
export function countOver(buckets: Buckets, ms: number): number {
  const within = buckets.within.find(({ leMs }) => leMs === ms);
  if (!within) throw new Error(`no bucket bound at ${ms} ms`);
  return buckets.total - within.count;
}

/**
 * The service's own view of how long its GETs took: the cumulative buckets of `http_request_duration_seconds` for
 * GET requests answered 200 (every route but /metrics itself), as read from a /metrics scrape. Two scrapes around a
 * load give the durations of the requests between them, measured from the service's first middleware to its answer's
 * `finish`: what the client's times add beyond that is the network, the event loop before the request reached the
 * app, and the client itself.
 */
export type Buckets = Array<{ leMs: number; count: number }>;

const BUCKET = /^http_request_duration_seconds_bucket\{(.*)\} (\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/;

export function getBuckets(exposition: string): Buckets {
  const byLe = new Map<number, number>();
  for (const line of exposition.split('\n')) {
    const match = BUCKET.exec(line.trim());
    if (!match) continue;
    const labels = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
    if (labels.method !== 'GET' || labels.status !== '200' || labels.route === '/metrics' || labels.le === undefined) continue;
    const leMs = labels.le === '+Inf' ? Infinity : Math.round(Number(labels.le) * 1e6) / 1e3;
    byLe.set(leMs, (byLe.get(leMs) ?? 0) + Number(match[2]));
  }
  return [...byLe].map(([leMs, count]) => ({ leMs, count })).sort((a, b) => a.leMs - b.leMs);
}

/** The requests between two scrapes, bucket by bucket. */
export function bucketsBetween(before: Buckets, after: Buckets): Buckets {
  return after.map(({ leMs, count }) => ({ leMs, count: count - (before.find((b) => b.leMs === leMs)?.count ?? 0) }));
}

/** The smallest bucket bound within which `percent` of the requests fell (Infinity past the last finite bound). */
export function percentileBound(buckets: Buckets, percent: number): number {
  const total = buckets[buckets.length - 1]?.count ?? 0;
  const needed = Math.ceil((total * percent) / 100);
  return buckets.find(({ count }) => count >= needed)?.leMs ?? Infinity;
}

/** How many of the requests took longer than `ms` (a bucket bound). */
export function countOver(buckets: Buckets, ms: number): number {
  const total = buckets[buckets.length - 1]?.count ?? 0;
  const within = buckets.find(({ leMs }) => leMs === ms);
  if (!within) throw new Error(`no bucket bound at ${ms} ms`);
  return total - within.count;
}

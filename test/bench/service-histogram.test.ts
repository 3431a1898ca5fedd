import { expect } from 'chai';
import { bucketsBetween, countOver, getBuckets, percentileBound } from '../../bench/service-histogram.ts';

const exposition = (listed: number[], other: number[]) =>
  [
    '# HELP http_request_duration_seconds Request duration',
    '# TYPE http_request_duration_seconds histogram',
    ...['0.001', '0.0025', '0.005', '0.01', '0.025', '+Inf'].flatMap((le, i) => [
      `http_request_duration_seconds_bucket{le="${le}",method="GET",route="/invoices/v1/sales-invoices",status="200"} ${listed[i]}`,
      `http_request_duration_seconds_bucket{le="${le}",method="GET",route="/v1/invoices",status="200"} ${other[i]}`,
      `http_request_duration_seconds_bucket{le="${le}",method="GET",route="/metrics",status="200"} 50`,
      `http_request_duration_seconds_bucket{le="${le}",method="POST",route="/invoices/v1/sales-invoices",status="202"} 70`,
      `http_request_duration_seconds_bucket{le="${le}",method="GET",route="/v1/invoices",status="404"} 90`,
    ]),
    'http_request_duration_seconds_sum{method="GET",route="/v1/invoices",status="200"} 0.5',
    'http_request_duration_seconds_count{method="GET",route="/v1/invoices",status="200"} 200',
  ].join('\n');

describe("bench: the service's own histogram of its GETs", () => {
  it('sums the GETs answered 200 over their routes by bucket, leaving out /metrics, other methods and other statuses', () => {
    const buckets = getBuckets(exposition([1, 2, 3, 4, 5, 6], [10, 20, 30, 40, 50, 60]));
    expect(buckets).to.deep.equal({
      total: 66,
      within: [
        { leMs: 1, count: 11 },
        { leMs: 2.5, count: 22 },
        { leMs: 5, count: 33 },
        { leMs: 10, count: 44 },
        { leMs: 25, count: 55 },
      ],
    });
    // Handed over as JSON by the load client's process: nothing lost on the way.
    expect(JSON.parse(JSON.stringify(buckets))).to.deep.equal(buckets);
  });

  it('takes the requests between two scrapes, and reads a percentile bound and the count over a bound from them', () => {
    const before = getBuckets(exposition([0, 0, 0, 0, 0, 0], [100, 200, 300, 300, 300, 300]));
    // 1,000 requests more: 600 within 1 ms, 900 within 2.5, 985 within 5, 995 within 10, all within 25.
    const after = getBuckets(exposition([600, 900, 985, 995, 1000, 1000], [100, 200, 300, 300, 300, 300]));
    const between = bucketsBetween(before, after);
    expect(between.total).to.equal(1000);
    expect(between.within.map((b) => b.count)).to.deep.equal([600, 900, 985, 995, 1000]);
    expect(percentileBound(between, 50)).to.equal(1);
    expect(percentileBound(between, 99)).to.equal(10);
    expect(percentileBound(between, 99.9)).to.equal(25);
    expect(countOver(between, 5)).to.equal(15);
    expect(countOver(between, 10)).to.equal(5);
    expect(() => countOver(between, 7)).to.throw('no bucket bound at 7 ms');
  });

  it('has no bound for a percentile past the last finite bucket', () => {
    const slow = getBuckets(exposition([0, 0, 0, 0, 90, 100], [0, 0, 0, 0, 0, 0]));
    expect(percentileBound(slow, 99)).to.equal(null);
    expect(countOver(slow, 25)).to.equal(10);
  });
});

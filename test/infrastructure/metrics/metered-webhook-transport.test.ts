import { expect } from 'chai';
import { Registry } from 'prom-client';
import type { WebhookResponse } from '../../../application/ports/webhook-transport.ts';
import { MeteredWebhookTransport } from '../../../infrastructure/metrics/metered-webhook-transport.ts';

describe('MeteredWebhookTransport', () => {
  it('counts webhook_deliveries_total by outcome: succeeded (2xx), failed (other answers), unreachable', async () => {
    const answers: WebhookResponse[] = [
      { kind: 'answered', status: 204, durationMs: 1, excerpt: '' },
      { kind: 'answered', status: 302, durationMs: 1, excerpt: '' },
      { kind: 'answered', status: 500, durationMs: 1, excerpt: '' },
      { kind: 'unreachable', error: 'timed out after 10000 ms', durationMs: 10_000 },
    ];
    const registry = new Registry();
    const transport = new MeteredWebhookTransport({ post: async () => answers.shift()!, close: async () => undefined }, registry);
    for (let n = 0; n < 4; n += 1) await transport.post({ url: 'https://x.example/', headers: {}, body: '{}', timeoutMs: 10_000 });
    const metric = await registry.getSingleMetric('webhook_deliveries_total')!.get();
    const counts = Object.fromEntries(metric.values.map((value) => [value.labels.outcome, value.value]));
    expect(counts).to.deep.equal({ succeeded: 1, failed: 2, unreachable: 1 });
    expect(new MeteredWebhookTransport(transport, registry), 'a second one shares the counter').to.be.instanceOf(MeteredWebhookTransport);
  });
});

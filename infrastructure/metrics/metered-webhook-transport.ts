import { Counter, type Registry } from 'prom-client';
import type { WebhookRequest, WebhookResponse, WebhookTransport } from '../../application/ports/webhook-transport.ts';

const NAME = 'webhook_deliveries_total';

/** Counts webhook POSTs by outcome: succeeded (2xx), failed (any other answer), unreachable. */
export class MeteredWebhookTransport implements WebhookTransport {
  private readonly counter: Counter<'outcome'>;

  constructor(
    private readonly inner: WebhookTransport,
    registry: Registry,
  ) {
    this.counter =
      (registry.getSingleMetric(NAME) as Counter<'outcome'> | undefined) ??
      new Counter({ name: NAME, help: 'Webhook delivery attempts by outcome (succeeded, failed, unreachable)', labelNames: ['outcome'] as const, registers: [registry] });
  }

  async post(request: WebhookRequest): Promise<WebhookResponse> {
    const response = await this.inner.post(request);
    const outcome = response.kind === 'unreachable' ? 'unreachable' : response.status >= 200 && response.status < 300 ? 'succeeded' : 'failed';
    this.counter.inc({ outcome });
    return response;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

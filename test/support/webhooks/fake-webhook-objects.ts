import type { WebhookEvent } from '../../../application/webhooks/webhook-event.ts';
import type { WebhookObjects } from '../../../application/webhooks/webhook-objects.ts';
import type { WebhookData } from '../../../application/webhooks/webhook-payload.ts';

/** Objects made up from the notification alone (deterministic); `padding` makes them as large as a test needs. */
export class FakeWebhookObjects implements WebhookObjects {
  readonly asked: string[] = [];
  padding = 0;
  /** Thrown by `dataOf` while set (the log cannot be read, say). */
  failure: Error | null = null;

  async dataOf(event: WebhookEvent): Promise<WebhookData> {
    this.asked.push(event.id);
    if (this.failure) throw this.failure;
    const object: Record<string, unknown> = {
      id: event.subject,
      status: event.type.split('.')[1],
      links: { self: `/v1/things/${event.subject}` },
      revision: event.source?.revision ?? null,
    };
    if (this.padding > 0) object.notes = 'x'.repeat(this.padding);
    return event.type.startsWith('document.') ? { family: 'sales-invoice', object } : { object };
  }
}

import { subscribesTo } from '../../domain/webhooks/webhook-event-types.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { FieldCondition, ReadModelCollection } from '../ports/read-model-store.ts';
import { webhookEventOfRow, type WebhookEventRow } from './webhook-event-row.ts';
import type { WebhookEndpoint } from './webhook-endpoint.ts';
import type { WebhookQueues } from './webhook-queues.ts';

/** The most notifications one replay re-sends; a wider window is refused (narrow it with `until` or `types`). */
export const MAX_REPLAY_EVENTS = 10_000;

export interface ReplayWindow {
  since: Date;
  until?: Date;
  /** Event types; by default those the endpoint subscribes to. */
  types?: readonly string[];
}

export type ReplayResult = { kind: 'queued'; count: number } | { kind: 'too_many'; limit: number };

/**
 * Re-queues the company's notifications created in [since, until) to one endpoint, in log order, with their own
 * webhook-ids. It reads the notifications the log produced, not the deliveries: an event the endpoint missed
 * (created before it, or while it was disabled) is sent too.
 */
export class ReplayWebhookEvents {
  constructor(
    private readonly events: ReadModelCollection<WebhookEventRow>,
    private readonly queues: WebhookQueues,
    private readonly maxEvents = MAX_REPLAY_EVENTS,
  ) {}

  async execute(endpoint: WebhookEndpoint, window: ReplayWindow, context: RequestContext): Promise<ReplayResult> {
    const { tenantId, environment } = endpoint;
    const createdAt: FieldCondition = { gte: window.since.toISOString(), ...(window.until && { lt: window.until.toISOString() }) };
    const find = (where: Record<string, FieldCondition>) =>
      this.events.find({ tenantId, environment, where: { ...where, createdAt }, orderBy: [['createdAt', 'asc']], limit: this.maxEvents + 1 });
    const types = window.types ?? endpoint.events;
    const pages = subscribesTo(types, '*') ? [await find({})] : await Promise.all([...new Set(types)].map((type) => find({ type })));
    const rows = pages.flat();
    if (rows.length > this.maxEvents) return { kind: 'too_many', limit: this.maxEvents };
    rows.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
    const queued = await this.queues.queue(endpoint.id, 'replay', rows.map((row) => webhookEventOfRow(row, tenantId, environment)), context);
    return { kind: 'queued', count: queued.length };
  }
}

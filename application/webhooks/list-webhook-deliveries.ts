import type { ReadModelCollection } from '../ports/read-model-store.ts';
import type { WebhookDeliveryRow } from './webhook-delivery-row.ts';

export interface DeliveryListQuery {
  tenantId: string;
  environment: string;
  endpointId: string;
  limit: number;
  /** The `sequence` the previous page ended at: this page starts just before it. */
  before?: string;
}

export interface DeliveryPage {
  deliveries: WebhookDeliveryRow[];
  /** Where the next page starts; null on the last page. */
  next: string | null;
}

/** An endpoint's deliveries, newest first, in keyset pages. */
export class ListWebhookDeliveries {
  constructor(private readonly rows: ReadModelCollection<WebhookDeliveryRow>) {}

  async execute({ tenantId, environment, endpointId, limit, before }: DeliveryListQuery): Promise<DeliveryPage> {
    const rows = await this.rows.find({
      tenantId,
      environment,
      where: { endpointId, ...(before !== undefined && { sequence: { lt: before } }) },
      orderBy: [['sequence', 'desc']],
      limit: limit + 1,
    });
    const deliveries = rows.slice(0, limit);
    return { deliveries, next: rows.length > limit ? deliveries[deliveries.length - 1].sequence : null };
  }
}

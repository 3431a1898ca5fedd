import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import { FAMILIES } from '../../domain/documents/families/index.ts';
import { documentListQuery } from '../documents/document-list-query.ts';
import type { DocumentRow } from '../documents/document-row.ts';
import type { Scope } from '../documents/get-document.ts';
import type { MessageRow } from '../messages/message-row.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import type { EventStore } from '../ports/event-store.ts';
import { listTenants } from '../tenancy/list-tenants.ts';
import type { ListWebhookDeliveries } from '../webhooks/list-webhook-deliveries.ts';
import type { WebhookEndpointRegistries } from '../webhooks/webhook-endpoint-registries.ts';

/** The most items each kind lists; its count counts them all. */
export const ATTENTION_ITEMS = 50;
const ENVIRONMENTS = ['test', 'live'] as const;

/** Where an item belongs: identifying fields only (an operator reads no document content). */
interface Owner {
  tenantId: string;
  company: string;
  environment: string;
}

export interface FailedDocument extends Owner {
  id: string;
  family: DocumentFamily;
  number: string | null;
  since: string;
  reason: string | null;
}

export interface FailedMessage extends Owner {
  id: string;
  to: string[];
  since: string;
  reason: string | null;
}

export interface EndpointInTrouble extends Owner {
  id: string;
  url: string;
  disabledReason: string | null;
  failingSince: string | null;
  since: string;
  /** The last attempt's error (or status), when one was logged. */
  lastError: string | null;
}

export interface AttentionKind<T> {
  count: number;
  items: T[];
}

export interface Attention {
  documentsFailed: AttentionKind<FailedDocument>;
  messagesFailed: AttentionKind<FailedMessage>;
  webhookEndpoints: AttentionKind<EndpointInTrouble>;
}

/** Most recent first, at most ATTENTION_ITEMS. */
const latest = <T extends { since: string }>(items: T[]) => items.sort((a, b) => (a.since < b.since ? 1 : a.since > b.since ? -1 : 0)).slice(0, ATTENTION_ITEMS);

/**
 * What needs an operator, across every company: documents that could not be submitted, e-mails that could not be
 * delivered, webhook endpoints failing or disabled. There is no index across companies: each company and environment
 * is asked through its own (tenant-first) indexes and counts, and only those with something to show are read further.
 */
export class NeedsAttention {
  constructor(
    private readonly events: EventStore,
    private readonly documents: ReadModelCollection<DocumentRow>,
    private readonly messages: ReadModelCollection<MessageRow>,
    private readonly registries: WebhookEndpointRegistries,
    private readonly deliveries: ListWebhookDeliveries,
  ) {}

  async execute(): Promise<Attention> {
    const attention: Attention = { documentsFailed: { count: 0, items: [] }, messagesFailed: { count: 0, items: [] }, webhookEndpoints: { count: 0, items: [] } };
    for (const tenant of await listTenants(this.events)) {
      for (const environment of ENVIRONMENTS) {
        const owner = { tenantId: tenant.id, company: tenant.legalName, environment };
        await this.documentsOf(owner, attention.documentsFailed);
        await this.messagesOf(owner, attention.messagesFailed);
        await this.endpointsOf(owner, attention.webhookEndpoints);
      }
    }
    for (const kind of Object.values(attention)) kind.items = latest(kind.items);
    return attention;
  }

  private async documentsOf(owner: Owner, kind: AttentionKind<FailedDocument>): Promise<void> {
    const scope: Scope = { tenantId: owner.tenantId, environment: owner.environment };
    for (const family of FAMILIES.values()) {
      const { where, orderBy } = documentListQuery(family.name, { status: 'failed' });
      const count = await this.documents.count({ ...scope, where });
      if (count === 0) continue;
      kind.count += count;
      const rows = await this.documents.find({ ...scope, where, orderBy, limit: ATTENTION_ITEMS });
      kind.items.push(...rows.map((row) => ({ ...owner, id: row.id, family, number: row.number, since: row.updatedAt, reason: row.failureReason })));
    }
  }

  private async messagesOf(owner: Owner, kind: AttentionKind<FailedMessage>): Promise<void> {
    const scope: Scope = { tenantId: owner.tenantId, environment: owner.environment };
    const count = await this.messages.count({ ...scope, where: { status: 'failed' } });
    if (count === 0) return;
    kind.count += count;
    const rows = await this.messages.find({ ...scope, where: { status: 'failed' }, orderBy: [['createdAt', 'desc']], limit: ATTENTION_ITEMS });
    kind.items.push(...rows.map((row) => ({ ...owner, id: row.id, to: row.to, since: row.updatedAt, reason: row.statusDetail })));
  }

  private async endpointsOf(owner: Owner, kind: AttentionKind<EndpointInTrouble>): Promise<void> {
    const { endpoints } = await this.registries.state(owner);
    for (const endpoint of endpoints.filter((candidate) => candidate.disabledReason !== null || candidate.failingSince !== null)) {
      kind.count += 1;
      const [last] = (await this.deliveries.execute({ ...owner, endpointId: endpoint.endpointId, limit: 1 })).deliveries;
      const attempt = last?.attempts.at(-1);
      const lastError = attempt ? (attempt.error ?? (attempt.status === null ? null : `HTTP ${attempt.status}`)) : null;
      const since = endpoint.failingSince ?? endpoint.updatedAt;
      kind.items.push({ ...owner, id: endpoint.endpointId, url: endpoint.url, disabledReason: endpoint.disabledReason, failingSince: endpoint.failingSince, since, lastError });
    }
  }
}

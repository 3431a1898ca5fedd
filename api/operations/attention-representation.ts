import type { Attention, AttentionKind, EndpointInTrouble, FailedDocument, FailedMessage } from '../../application/attention/needs-attention.ts';
import { FAMILY_PATH_NAMES } from '../../application/representations/document-bases.ts';

const owner = ({ tenantId, company, environment }: { tenantId: string; company: string; environment: string }) => ({ tenant_id: tenantId, company, environment });

const kind = <T>({ count, items }: AttentionKind<T>, item: (value: T) => Record<string, unknown>) => ({ count, items: items.map(item) });

const failedDocument = (document: FailedDocument) => ({
  ...owner(document),
  id: document.id,
  family: FAMILY_PATH_NAMES[document.family.name],
  number: document.number,
  since: document.since,
  reason: document.reason,
});

const failedMessage = (message: FailedMessage) => ({ ...owner(message), id: message.id, to: message.to, since: message.since, reason: message.reason });

const endpoint = (item: EndpointInTrouble) => ({
  ...owner(item),
  id: item.id,
  url: item.url,
  status: item.disabledReason === null ? 'enabled' : 'disabled',
  disabled_reason: item.disabledReason,
  failing_since: item.failingSince,
  since: item.since,
  reason: item.disabledReason ?? 'failing',
  last_error: item.lastError,
});

/** GET /admin/v1/attention: per kind, how many need an operator and the most recent of them (identifying fields only). */
export function attentionRepresentation(attention: Attention): Record<string, unknown> {
  return {
    documents_failed: kind(attention.documentsFailed, failedDocument),
    messages_failed: kind(attention.messagesFailed, failedMessage),
    webhook_endpoints: kind(attention.webhookEndpoints, endpoint),
  };
}

import { familyByPath } from '../documents/families.ts';
import { formatInstant } from '../format/instant.ts';
import { webhookReasonLabel } from '../format/webhook-reasons.ts';
import { TableWrap } from '../ui/feedback.tsx';

/** An item of `/admin/v1/attention`: whose it is, what identifies it, since when and why. */
export type AttentionItem = Record<string, unknown> & { tenant_id?: string; company?: string; environment?: string; id?: string; since?: string | null; reason?: string | null };

export interface Attention {
  documents_failed: { count: number; items: AttentionItem[] };
  messages_failed: { count: number; items: AttentionItem[] };
  webhook_endpoints: { count: number; items: AttentionItem[] };
}

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '' : String(value));

/** What identifies an item: the family and number of a document, the recipients of a message, an endpoint's URL. */
function identification(item: AttentionItem): string {
  const family = typeof item.family === 'string' ? (familyByPath(item.family)?.label ?? item.family) : '';
  const to = Array.isArray(item.to) ? item.to.join(', ') : text(item.to);
  const parts = [family, text(item.number), to, text(item.url)].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : text(item.id);
}

/** Why: a document's or message's failure, or an endpoint's disabling reason (or "failing") with its last error. */
function reason(item: AttentionItem): string {
  const why = item.url !== undefined && item.reason ? webhookReasonLabel(item.reason, item.status === 'disabled') : text(item.reason);
  const lastError = text(item.last_error);
  return [why, lastError].filter((part) => part !== '').join(': ') || '—';
}

function AttentionList({ title, list, headingId }: { title: string; list: { count: number; items: AttentionItem[] }; headingId: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title}: {list.count}
      </h3>
      {list.items.length === 0 ? (
        <p class="muted">Nada pendiente.</p>
      ) : (
        <TableWrap label={title}>
          <table>
            <thead>
              <tr>
                <th scope="col">Empresa</th>
                <th scope="col">Ambiente</th>
                <th scope="col">Qué</th>
                <th scope="col">Desde</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item, index) => (
                <tr key={text(item.id) || index}>
                  <td>{text(item.company) || text(item.tenant_id)}</td>
                  <td>{item.environment === 'live' ? 'producción' : item.environment === 'test' ? 'pruebas' : text(item.environment)}</td>
                  <td>{identification(item)}</td>
                  <td>{formatInstant(item.since)}</td>
                  <td>{reason(item)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

/** What needs an operator: failed documents, failed messages, failing or disabled webhook endpoints. */
export function AttentionSection({ attention, error }: { attention: Attention | undefined; error?: string }) {
  return (
    <section aria-labelledby="h-attention">
      <h2 id="h-attention">Requiere atención</h2>
      {error && <p class="bad">{error}</p>}
      {attention && (
        <>
          <AttentionList title="Documentos fallidos" list={attention.documents_failed} headingId="h-attention-documents" />
          <AttentionList title="Mensajes fallidos" list={attention.messages_failed} headingId="h-attention-messages" />
          <AttentionList title="Webhooks con fallas o desactivados" list={attention.webhook_endpoints} headingId="h-attention-webhooks" />
        </>
      )}
    </section>
  );
}

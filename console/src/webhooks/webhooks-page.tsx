import { formatInstant } from '../format/instant.ts';
import { statusLabel } from '../format/statuses.ts';
import { webhookReasonLabel } from '../format/webhook-reasons.ts';
import type { ApiClient } from '../http/api-client.ts';
import { ErrorNote, Loading, PageTitle, StatusBadge, TableWrap } from '../ui/feedback.tsx';
import { useLoad } from '../ui/use-load.ts';

interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
}

/** The company's webhook endpoints (`GET /v1/webhook-endpoints`), read-only, failing and disabled ones marked. */
export function WebhooksPage({ api }: { api: ApiClient }) {
  const endpoints = useLoad('/v1/webhook-endpoints', () => api.get<{ data: WebhookEndpoint[] }>('/v1/webhook-endpoints?limit=100'));
  return (
    <>
      <PageTitle>Webhooks</PageTitle>
      {endpoints.loading && <Loading what="los webhooks" />}
      <ErrorNote message={endpoints.error} />
      {endpoints.data && endpoints.data.data.length === 0 && <p>La empresa no tiene webhooks registrados en este ambiente.</p>}
      {endpoints.data && endpoints.data.data.length > 0 && (
        <TableWrap label="Webhooks">
          <table>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Estado</th>
                <th scope="col">Eventos</th>
                <th scope="col">Fallando desde</th>
                <th scope="col">Creado</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.data.data.map((endpoint) => (
                <tr key={endpoint.id} class={endpoint.status === 'disabled' || endpoint.failing_since ? 'trouble' : undefined}>
                  <td>
                    <code>{endpoint.url}</code>
                    {endpoint.description && <span class="muted block">{endpoint.description}</span>}
                  </td>
                  <td>
                    <StatusBadge status={endpoint.status} label={statusLabel(endpoint.status)} />
                    {endpoint.disabled_reason && <span class="muted block">{webhookReasonLabel(endpoint.disabled_reason, true)}</span>}
                  </td>
                  <td>{endpoint.events.join(', ')}</td>
                  <td>{endpoint.failing_since ? formatInstant(endpoint.failing_since) : '—'}</td>
                  <td>{formatInstant(endpoint.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}

import { formatInstant } from '../format/instant.ts';
import { statusLabel } from '../format/statuses.ts';
import type { ApiClient } from '../http/api-client.ts';
import { Link } from '../routing/router.tsx';
import { ErrorNote, Loading, PageTitle, StatusBadge } from '../ui/feedback.tsx';
import { useLoad } from '../ui/use-load.ts';

interface Message {
  id: string;
  status: string;
  statusDetail?: string | null;
  to: string | string[];
  subject?: string;
  template?: { slug?: string; design?: string } | string;
  createdAt?: string;
  events: Array<{ type: string; at?: string; error?: string; reason?: string; attempt?: number }>;
}

const EVENTS: Record<string, string> = {
  queued: 'en cola',
  blocked: 'bloqueado',
  attempt_started: 'intento iniciado',
  attempt_failed: 'intento fallido',
  sent: 'enviado',
  failed: 'fallido',
};

/** One message (`GET /v1/messages/{id}`) with its events, read-only. */
export function MessagePage({ api, id }: { api: ApiClient; id: string }) {
  const path = `/v1/messages/${encodeURIComponent(id)}`;
  const message = useLoad(path, () => api.get<Message>(path));
  return (
    <>
      <p class="crumbs">
        <Link to="/mensajes">← Mensajes</Link>
      </p>
      <PageTitle>Mensaje {id}</PageTitle>
      {message.loading && <Loading what="el mensaje" />}
      <ErrorNote message={message.error} />
      {message.data && (
        <>
          <dl class="record">
            <dt>Estado</dt>
            <dd>
              <StatusBadge status={message.data.status} label={statusLabel(message.data.status)} /> {message.data.statusDetail}
            </dd>
            <dt>Para</dt>
            <dd>{Array.isArray(message.data.to) ? message.data.to.join(', ') : message.data.to}</dd>
            <dt>Asunto</dt>
            <dd>{message.data.subject ?? '—'}</dd>
            <dt>Creado</dt>
            <dd>{formatInstant(message.data.createdAt)}</dd>
          </dl>
          <h2>Eventos</h2>
          <ol>
            {message.data.events.map((event, index) => (
              <li key={index}>
                {formatInstant(event.at)}: {EVENTS[event.type] ?? event.type}
                {event.attempt !== undefined && ` (intento ${event.attempt})`}
                {(event.error || event.reason) && <span class="muted"> — {event.error ?? event.reason}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}

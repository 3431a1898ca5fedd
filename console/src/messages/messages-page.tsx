import { useState } from 'preact/hooks';
import { formatInstant } from '../format/instant.ts';
import { statusLabel } from '../format/statuses.ts';
import type { ApiClient } from '../http/api-client.ts';
import { Link } from '../routing/router.tsx';
import { ErrorNote, Loading, PageTitle, StatusBadge, TableWrap } from '../ui/feedback.tsx';
import { useLoad } from '../ui/use-load.ts';

interface MessageItem {
  id: string;
  status: string;
  to: string | string[];
  template: string | { slug?: string; design?: string };
  subject?: string;
  created_at: string;
  updated_at: string;
  statusDetail?: string | null;
}

const STATUSES = ['queued', 'blocked', 'sent', 'failed'] as const;
const LIMIT = 25;

const recipients = (to: MessageItem['to']) => (Array.isArray(to) ? to.join(', ') : to);
const templateName = (template: MessageItem['template']) => (typeof template === 'string' ? template : (template?.slug ?? '—'));

/** The company's messages (seed 002), newest first, read-only. */
export function MessagesPage({ api }: { api: ApiClient }) {
  const [status, setStatus] = useState('');
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors[cursors.length - 1];
  const query = new URLSearchParams({ limit: String(LIMIT) });
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  const path = `/v1/messages?${query.toString()}`;
  const page = useLoad(path, () => api.get<{ data: MessageItem[]; next_cursor: string | null }>(path));
  return (
    <>
      <PageTitle>Mensajes</PageTitle>
      <form class="filters" aria-label="Filtro de mensajes" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="message-status">Estado</label>
          <select
            id="message-status"
            value={status}
            onChange={(event) => {
              setStatus(event.currentTarget.value);
              setCursors([null]);
            }}
          >
            <option value="">Todos</option>
            {STATUSES.map((item) => (
              <option key={item} value={item}>
                {statusLabel(item)}
              </option>
            ))}
          </select>
        </div>
      </form>
      {page.loading && <Loading what="los mensajes" />}
      <ErrorNote message={page.error} />
      {page.data && page.data.data.length === 0 && <p>No hay mensajes.</p>}
      {page.data && page.data.data.length > 0 && (
        <TableWrap label="Mensajes">
          <table>
            <thead>
              <tr>
                <th scope="col">Mensaje</th>
                <th scope="col">Estado</th>
                <th scope="col">Para</th>
                <th scope="col">Plantilla</th>
                <th scope="col">Asunto</th>
                <th scope="col">Creado</th>
              </tr>
            </thead>
            <tbody>
              {page.data.data.map((message) => (
                <tr key={message.id}>
                  <td>
                    <Link to={`/mensajes/${encodeURIComponent(message.id)}`}>{message.id}</Link>
                  </td>
                  <td>
                    <StatusBadge status={message.status} label={statusLabel(message.status)} />
                    {message.statusDetail && <span class="muted block">{message.statusDetail}</span>}
                  </td>
                  <td>{recipients(message.to)}</td>
                  <td>{templateName(message.template)}</td>
                  <td>{message.subject ?? '—'}</td>
                  <td>{formatInstant(message.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <nav class="pager" aria-label="Páginas de mensajes">
        <button type="button" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          Anterior
        </button>
        <button type="button" disabled={!page.data?.next_cursor} onClick={() => page.data?.next_cursor && setCursors([...cursors, page.data.next_cursor])}>
          Siguiente
        </button>
      </nav>
    </>
  );
}

import { formatInstant } from '../format/instant.ts';
import { ApiError, type ApiClient } from '../http/api-client.ts';
import { ErrorNote, Loading, TableWrap } from '../ui/feedback.tsx';
import { useLoad } from '../ui/use-load.ts';
import type { Family } from './families.ts';

interface AcceptanceEvent {
  code: string;
  name: string;
  number: number;
  unique_code: string;
  effective_at: string;
  actor: { role: string; nit: string; name: string; person?: unknown };
  claim_concept?: string;
}

/** The invoice's RADIAN events (`GET {base}/{id}/events`): receipt, claim, goods received, acceptance. */
export function AcceptanceSection({ api, family, id, headingId }: { api: ApiClient; family: Family; id: string; headingId: string }) {
  const path = `${family.base}/${id}/events`;
  const events = useLoad(path, async () => {
    try {
      return (await api.get<{ data: AcceptanceEvent[] }>(path)).data;
    } catch (error) {
      // Not numbered yet: it has no trail, which is an answer, not a failure.
      if (error instanceof ApiError && error.code === 'invoice_not_numbered') return [];
      throw error;
    }
  });
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Eventos de aceptación (RADIAN)</h2>
      {events.loading && <Loading what="los eventos" />}
      <ErrorNote message={events.error} />
      {events.data && events.data.length === 0 && <p class="muted">La factura no tiene eventos de aceptación.</p>}
      {events.data && events.data.length > 0 && (
        <TableWrap label="Eventos de aceptación">
          <table>
            <thead>
              <tr>
                <th scope="col">N.º</th>
                <th scope="col">Código</th>
                <th scope="col">Evento</th>
                <th scope="col">Fecha</th>
                <th scope="col">Quién</th>
              </tr>
            </thead>
            <tbody>
              {events.data.map((event) => (
                <tr key={event.number}>
                  <td>{event.number}</td>
                  <td>{event.code}</td>
                  <td>
                    {event.name}
                    {event.claim_concept && <span class="muted"> (concepto {event.claim_concept})</span>}
                  </td>
                  <td>{formatInstant(event.effective_at)}</td>
                  <td>
                    {event.actor.name} <span class="muted">({event.actor.role === 'issuer' ? 'emisor' : 'receptor'})</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

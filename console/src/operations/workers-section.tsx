import { statusLabel, WORKER_TROUBLE } from '../format/statuses.ts';
import { TableWrap } from '../ui/feedback.tsx';

/** `/health/ready`: the stores and every projection, process manager and scheduler of the deployment. */
export interface Readiness {
  status: 'ready' | 'not_ready';
  stores: { eventStore: string; readModels: string };
  subscriptions: Array<{
    name: string;
    kind: string;
    state: string;
    position: string | null;
    head: string;
    lag: string;
    lagCapped?: boolean;
    error: string | null;
    heldBy?: string | null;
    secondsSinceLastMessage?: number | null;
  }>;
}

const KINDS: Record<string, string> = { projection: 'proyección', 'process-manager': 'gestor de procesos', scheduler: 'programador' };

/** Each worker with its state, position, lag and last error, troubled ones marked. */
export function WorkersSection({ readiness }: { readiness: Readiness | undefined }) {
  if (!readiness) return null;
  return (
    <section aria-labelledby="h-workers">
      <h2 id="h-workers">Trabajadores</h2>
      <p>
        Servicio {readiness.status === 'ready' ? <strong class="ok">listo</strong> : <strong class="bad">no listo</strong>}; almacén de eventos:{' '}
        {readiness.stores.eventStore}; modelos de lectura: {readiness.stores.readModels}.
      </p>
      <TableWrap label="Trabajadores">
        <table class="workers">
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">Clase</th>
              <th scope="col">Estado</th>
              <th scope="col" class="number">
                Posición
              </th>
              <th scope="col" class="number">
                Retraso
              </th>
              <th scope="col">Último error</th>
            </tr>
          </thead>
          <tbody>
            {readiness.subscriptions.map((worker) => (
              <tr key={worker.name} class={WORKER_TROUBLE.has(worker.state) ? 'trouble' : undefined}>
                <th scope="row">{worker.name}</th>
                <td>{KINDS[worker.kind] ?? worker.kind}</td>
                <td>
                  {statusLabel(worker.state)}
                  {worker.heldBy && <span class="muted"> ({worker.heldBy})</span>}
                </td>
                <td class="number">{worker.position ?? '—'}</td>
                <td class="number">{worker.lag === '' ? '—' : `${worker.lagCapped ? '≥ ' : ''}${worker.lag}`}</td>
                <td>{worker.error ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}

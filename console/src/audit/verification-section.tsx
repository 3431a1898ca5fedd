import { useEffect, useState } from 'preact/hooks';
import { formatInstant } from '../format/instant.ts';
import { statusLabel } from '../format/statuses.ts';
import { ApiError, type ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live } from '../ui/feedback.tsx';
import { useLoad } from '../ui/use-load.ts';
import { FindingsTable, type Finding } from './findings-table.tsx';
import { percentOf } from '../operations/progress.ts';

export interface Verification {
  id: string;
  status: 'running' | 'completed' | 'failed' | 'interrupted';
  started_at: string;
  finished_at: string | null;
  events_total: number | null;
  events_checked: number;
  streams_checked: number;
  intact: boolean | null;
  findings: Finding[];
  findings_count: number;
  error: string | null;
}

const POLL_MS = 1_000;

/** The company's whole trail verified in the background (`POST /v1/audit/verifications`), followed until it ends. */
export function VerificationSection({ api }: { api: ApiClient }) {
  const [current, setCurrent] = useState<Verification>();
  const [error, setError] = useState<string>();
  const latest = useLoad('latest', () => api.get<{ data: Verification[] }>('/v1/audit/verifications?limit=5'));

  useEffect(() => {
    if (!current || current.status !== 'running') return;
    const timer = setTimeout(async () => {
      try {
        setCurrent(await api.get<Verification>(`/v1/audit/verifications/${encodeURIComponent(current.id)}`));
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [current]);
  useEffect(() => {
    if (current && current.status !== 'running') latest.reload();
  }, [current?.status]);

  const start = async () => {
    setError(undefined);
    try {
      setCurrent(await api.send<Verification>('POST', '/v1/audit/verifications'));
    } catch (failure) {
      // One runs already: follow it.
      const running = failure instanceof ApiError && failure.status === 409 ? latest.data?.data.find((item) => item.status === 'running') : undefined;
      if (running) setCurrent(running);
      else setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const percent = !current ? 0 : current.status === 'completed' ? 100 : current.events_total ? Math.min(99, percentOf(current.events_checked, current.events_total)) : 0;
  return (
    <section aria-labelledby="h-verification">
      <h2 id="h-verification">Verificar todo el rastro</h2>
      <p class="muted">Recalcula la cadena de hashes de todos los eventos de la empresa en este ambiente. Corre en el servicio; puede cerrar la página.</p>
      <button type="button" onClick={start} disabled={current?.status === 'running'}>
        {current?.status === 'running' ? 'Verificando…' : 'Iniciar la verificación'}
      </button>
      <ErrorNote message={error} />
      {current && (
        <Live label="Progreso de la verificación">
          <p>
            <label for="verification-progress">Progreso: {percent} %</label>{' '}
            <progress id="verification-progress" max={100} value={percent}>
              {percent} %
            </progress>
          </p>
          <p>
            {statusLabel(current.status)}: {current.events_checked} eventos de {current.events_total ?? '?'} en {current.streams_checked} flujos.
          </p>
          {current.status === 'completed' && current.intact && <p class="ok">Rastro íntegro.</p>}
          {current.status === 'completed' && current.intact === false && (
            <>
              <p class="bad">Rastro roto: {current.findings_count} hallazgos (se muestran hasta 1.000).</p>
              <FindingsTable findings={current.findings} withStream />
            </>
          )}
          {current.error && <p class="bad">Error: {current.error}</p>}
        </Live>
      )}
      {latest.data && latest.data.data.length > 0 && (
        <>
          <h3>Verificaciones recientes</h3>
          <ul>
            {latest.data.data.map((item) => (
              <li key={item.id}>
                {formatInstant(item.started_at)}: {statusLabel(item.status)}
                {item.intact === true && ', íntegro'}
                {item.intact === false && `, ${item.findings_count} hallazgos`} <span class="muted">({item.id})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { formatInstant } from '../format/instant.ts';
import { statusLabel } from '../format/statuses.ts';
import { ApiError, type ApiClient } from '../http/api-client.ts';
import { etaFromReadings, etaText, percentOf, type Reading } from '../operations/progress.ts';
import { ErrorNote, Live } from '../ui/feedback.tsx';
import { useLoad } from '../ui/use-load.ts';
import { FindingsTable, type Finding } from './findings-table.tsx';

export interface Verification {
  id: string;
  status: 'running' | 'completed' | 'failed' | 'interrupted';
  started_at: string;
  finished_at: string | null;
  /** The log's events when it started, and how many of them it has read (the progress). */
  events_total: number | null;
  events_checked: number;
  /** How many of those were the company's (their hashes recomputed). */
  tenant_events_checked?: number;
  streams_checked: number;
  intact: boolean | null;
  findings: Finding[];
  findings_count: number;
  error: string | null;
}

const POLL_MS = 1_000;

const message = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/** Whole percent read of the log: 100 only once completed, 0 until the log's size is known. */
function progressOf(verification: Verification): number {
  if (verification.status === 'completed') return 100;
  return verification.events_total ? Math.min(99, percentOf(verification.events_checked, verification.events_total)) : 0;
}

/** The company's whole trail verified in the background (`POST /v1/audit/verifications`), followed until it ends. */
export function VerificationSection({ api }: { api: ApiClient }) {
  const [current, setCurrent] = useState<Verification>();
  const [eta, setEta] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const reading = useRef<Reading | undefined>(undefined);
  const latest = useLoad('latest', () => api.get<{ data: Verification[] }>('/v1/audit/verifications?limit=5'));

  const follow = (verification: Verification) => {
    const now: Reading = { done: verification.events_checked, at: Date.now() };
    setEta(etaFromReadings(reading.current, now, verification.events_total));
    reading.current = now;
    setCurrent(verification);
  };

  useEffect(() => {
    if (!current || current.status !== 'running') return;
    const timer = setTimeout(() => {
      api.get<Verification>(`/v1/audit/verifications/${encodeURIComponent(current.id)}`).then(follow, (failure) => setError(message(failure)));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [current]);
  useEffect(() => {
    if (current && current.status !== 'running') latest.reload();
  }, [current?.status]);

  const start = async () => {
    setError(undefined);
    reading.current = undefined;
    try {
      follow(await api.send<Verification>('POST', '/v1/audit/verifications'));
    } catch (failure) {
      // One runs already for this company and environment: follow that one.
      const running = failure instanceof ApiError && failure.code === 'verification_running' ? failure.problem?.verification_id : undefined;
      if (typeof running !== 'string') return setError(message(failure));
      api.get<Verification>(`/v1/audit/verifications/${encodeURIComponent(running)}`).then(follow, (again) => setError(message(again)));
    }
  };

  const percent = current ? progressOf(current) : 0;
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
            {statusLabel(current.status)}: {current.events_checked} de {current.events_total ?? '?'} eventos del log leídos
            {current.tenant_events_checked !== undefined && `, ${current.tenant_events_checked} de la empresa verificados`}, en {current.streams_checked} flujos
            {current.status === 'running' && `; quedan ${etaText(eta)}`}.
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

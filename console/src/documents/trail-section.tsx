import { useState } from 'preact/hooks';
import { FindingsTable, type Finding } from '../audit/findings-table.tsx';
import type { ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live } from '../ui/feedback.tsx';
import type { Family } from './families.ts';

interface Trail {
  id: string;
  stream: string;
  intact: boolean;
  events_checked: number;
  findings: Finding[];
}

/** The document's trail check (`GET {base}/{id}/trail`): its hash chain recomputed, intact or where it breaks. */
export function TrailSection({ api, family, id, headingId }: { api: ApiClient; family: Family; id: string; headingId: string }) {
  const [trail, setTrail] = useState<Trail>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const check = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setTrail(await api.get<Trail>(`${family.base}/${id}/trail`));
    } catch (failure) {
      setTrail(undefined);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Verificación del rastro</h2>
      <p class="muted">Recalcula la cadena de hashes de los eventos del documento, tal como están guardados.</p>
      <button type="button" onClick={check} disabled={busy}>
        {busy ? 'Verificando…' : 'Verificar la cadena de hashes'}
      </button>
      <Live label="Resultado de la verificación del rastro">
        {trail && trail.intact && (
          <p class="ok trail-result">
            Rastro íntegro: {trail.events_checked} {trail.events_checked === 1 ? 'evento verificado' : 'eventos verificados'} en <code>{trail.stream}</code>.
          </p>
        )}
        {trail && !trail.intact && (
          <>
            <p class="bad trail-result">
              Rastro roto: {trail.findings.length} {trail.findings.length === 1 ? 'hallazgo' : 'hallazgos'} en {trail.events_checked} eventos de{' '}
              <code>{trail.stream}</code>.
            </p>
            <FindingsTable findings={trail.findings} />
          </>
        )}
      </Live>
      <ErrorNote message={error} />
    </section>
  );
}

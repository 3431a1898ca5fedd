import { useState } from 'preact/hooks';
import type { ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live } from '../ui/feedback.tsx';
import { exportQuery } from './export-query.ts';
import { FamilyChoice, PeriodDates, useFileDownload } from './period-form-parts.tsx';

/** The period export of the company's documents with their events, as CSV or JSON lines (the API streams it). */
export function ExportSection({ api }: { api: ApiClient }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [format, setFormat] = useState('csv');
  const [family, setFamily] = useState('');
  const { status, error, setError, busy, download } = useFileDownload(api);

  const submit = async (event: Event) => {
    event.preventDefault();
    const { path, problem } = exportQuery(from, to, format, family);
    setError(problem);
    if (path) await download(path, `auditoria-${from}-${to}.${format}`, { working: 'Exportando el periodo…', done: 'Exportación descargada' });
  };

  return (
    <section aria-labelledby="h-export">
      <h2 id="h-export">Exportar un periodo</h2>
      <p class="muted">Los documentos emitidos en el periodo con todos sus eventos (hash, actor, correlación), para revisarlos fuera del servicio.</p>
      <form class="filters" onSubmit={submit} aria-label="Exportación de auditoría">
        <PeriodDates idPrefix="export" from={from} to={to} setFrom={setFrom} setTo={setTo} />
        <div class="field">
          <label for="export-format">Formato</label>
          <select id="export-format" value={format} onChange={(event) => setFormat(event.currentTarget.value)}>
            <option value="csv">CSV (una fila por evento)</option>
            <option value="jsonl">JSON Lines (una línea por documento)</option>
          </select>
        </div>
        <FamilyChoice id="export-family" value={family} onChange={setFamily} />
        <div class="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Exportando…' : 'Exportar'}
          </button>
        </div>
      </form>
      <Live label="Estado de la exportación">{status && <p>{status}</p>}</Live>
      <ErrorNote message={error} />
    </section>
  );
}

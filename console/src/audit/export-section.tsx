import { useState } from 'preact/hooks';
import { FAMILIES } from '../documents/families.ts';
import { saveFile, type ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live } from '../ui/feedback.tsx';
import { exportQuery } from './export-query.ts';

/** The period export of the company's documents with their events, as CSV or JSON lines (the API streams it). */
export function ExportSection({ api }: { api: ApiClient }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [format, setFormat] = useState('csv');
  const [family, setFamily] = useState('');
  const [status, setStatus] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const { path, problem } = exportQuery(from, to, format, family);
    setError(problem);
    if (!path) return;
    setBusy(true);
    setStatus('Exportando el periodo…');
    try {
      const file = await api.file(path, `auditoria-${from}-${to}.${format}`);
      saveFile(file);
      setStatus(`Exportación descargada: ${file.fileName} (${Math.ceil(file.blob.size / 1024)} KB).`);
    } catch (failure) {
      setStatus(undefined);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="h-export">
      <h2 id="h-export">Exportar un periodo</h2>
      <p class="muted">Los documentos emitidos en el periodo con todos sus eventos (hash, actor, correlación), para revisarlos fuera del servicio.</p>
      <form class="filters" onSubmit={submit} aria-label="Exportación de auditoría">
        <div class="field">
          <label for="export-from">Desde</label>
          <input id="export-from" type="date" required value={from} onInput={(event) => setFrom(event.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="export-to">Hasta</label>
          <input id="export-to" type="date" required value={to} onInput={(event) => setTo(event.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="export-format">Formato</label>
          <select id="export-format" value={format} onChange={(event) => setFormat(event.currentTarget.value)}>
            <option value="csv">CSV (una fila por evento)</option>
            <option value="jsonl">JSON Lines (una línea por documento)</option>
          </select>
        </div>
        <div class="field">
          <label for="export-family">Tipo</label>
          <select id="export-family" value={family} onChange={(event) => setFamily(event.currentTarget.value)}>
            <option value="">Todos</option>
            {FAMILIES.map((item) => (
              <option key={item.path} value={item.path}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
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

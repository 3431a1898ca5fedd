import { useState } from 'preact/hooks';
import { FAMILIES } from '../documents/families.ts';
import { saveFile, type ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live } from '../ui/feedback.tsx';
import { ARCHIVE_FORMATS, archiveQuery } from './archive-query.ts';

/** The files of every document DIAN accepted in a period, in one ZIP with an index of their hashes (the API streams it). */
export function ArchiveSection({ api }: { api: ApiClient }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [family, setFamily] = useState('');
  const [formats, setFormats] = useState<string[]>(ARCHIVE_FORMATS.map((format) => format.value));
  const [status, setStatus] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const toggle = (value: string, checked: boolean) =>
    setFormats(ARCHIVE_FORMATS.map((format) => format.value).filter((each) => (each === value ? checked : formats.includes(each))));

  const submit = async (event: Event) => {
    event.preventDefault();
    const { path, problem } = archiveQuery(from, to, family, formats);
    setError(problem);
    if (!path) return;
    setBusy(true);
    setStatus('Preparando el archivo: cada documento se genera como en su descarga…');
    try {
      const file = await api.file(path, `documentos-${from}-${to}.zip`);
      saveFile(file);
      setStatus(`Archivo descargado: ${file.fileName} (${Math.ceil(file.blob.size / 1024)} KB).`);
    } catch (failure) {
      setStatus(undefined);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="h-archive">
      <h2 id="h-archive">Archivo de documentos del periodo</h2>
      <p class="muted">
        Los archivos de cada documento aceptado por la DIAN en el periodo, en un ZIP con una carpeta por tipo y un índice
        (indice.csv) con el SHA-256 de cada archivo. Hasta 10.000 documentos por archivo.
      </p>
      <form class="filters" onSubmit={submit} aria-label="Archivo de documentos">
        <div class="field">
          <label for="archive-from">Desde</label>
          <input id="archive-from" type="date" required value={from} onInput={(event) => setFrom(event.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="archive-to">Hasta</label>
          <input id="archive-to" type="date" required value={to} onInput={(event) => setTo(event.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="archive-family">Tipo</label>
          <select id="archive-family" value={family} onChange={(event) => setFamily(event.currentTarget.value)}>
            <option value="">Todos</option>
            {FAMILIES.map((item) => (
              <option key={item.path} value={item.path}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset class="field">
          <legend>Archivos</legend>
          {ARCHIVE_FORMATS.map((format) => (
            <label key={format.value}>
              <input type="checkbox" checked={formats.includes(format.value)} onChange={(event) => toggle(format.value, event.currentTarget.checked)} />{' '}
              {format.label}
            </label>
          ))}
        </fieldset>
        <div class="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Preparando…' : 'Descargar ZIP'}
          </button>
        </div>
      </form>
      <Live label="Estado del archivo">{status && <p>{status}</p>}</Live>
      <ErrorNote message={error} />
    </section>
  );
}

import { useState } from 'preact/hooks';
import type { ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live } from '../ui/feedback.tsx';
import { ARCHIVE_FORMATS, archiveQuery } from './archive-query.ts';
import { FamilyChoice, PeriodDates, useFileDownload } from './period-form-parts.tsx';

/** The files of every document DIAN accepted in a period, in one ZIP with an index of their hashes (the API streams it). */
export function ArchiveSection({ api }: { api: ApiClient }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [family, setFamily] = useState('');
  const [formats, setFormats] = useState<string[]>(ARCHIVE_FORMATS.map((format) => format.value));
  const { status, error, setError, busy, download } = useFileDownload(api);

  const toggle = (value: string, checked: boolean) =>
    setFormats(ARCHIVE_FORMATS.map((format) => format.value).filter((each) => (each === value ? checked : formats.includes(each))));

  const submit = async (event: Event) => {
    event.preventDefault();
    const { path, problem } = archiveQuery(from, to, family, formats);
    setError(problem);
    if (path) {
      await download(path, `documentos-${from}-${to}.zip`, { working: 'Preparando el archivo: cada documento se genera como en su descarga…', done: 'Archivo descargado' });
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
        <PeriodDates idPrefix="archive" from={from} to={to} setFrom={setFrom} setTo={setTo} />
        <FamilyChoice id="archive-family" value={family} onChange={setFamily} />
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

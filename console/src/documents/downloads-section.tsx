import { useState } from 'preact/hooks';
import { saveFile, type ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live } from '../ui/feedback.tsx';
import { formatLabel, type Family } from './families.ts';

/** The files of the document (`GET {base}/{id}/{format}`), fetched with the key in the header and saved from a blob. */
export function DownloadsSection({ api, family, id, headingId }: { api: ApiClient; family: Family; id: string; headingId: string }) {
  const [status, setStatus] = useState<string>();
  const [error, setError] = useState<string>();
  const download = async (format: string) => {
    setError(undefined);
    setStatus(`Descargando ${formatLabel(format)}…`);
    try {
      const file = await api.file(`${family.base}/${id}/${format}`, `${id}.${format === 'attached-xml' ? 'xml' : format}`);
      saveFile(file);
      setStatus(`Descargado: ${file.fileName}`);
    } catch (failure) {
      setStatus(undefined);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Descargas</h2>
      <ul class="buttons">
        {family.formats.map((format) => (
          <li key={format}>
            <button type="button" class="secondary" onClick={() => download(format)}>
              {formatLabel(format)}
            </button>
          </li>
        ))}
      </ul>
      <Live label="Estado de la descarga">{status && <p>{status}</p>}</Live>
      <ErrorNote message={error} />
    </section>
  );
}

import { useState } from 'preact/hooks';
import { FAMILIES } from '../documents/families.ts';
import { saveFile, type ApiClient } from '../http/api-client.ts';

/** The period's two dates, "Desde" and "Hasta", with ids under `idPrefix` (two forms of a page keep theirs apart). */
export function PeriodDates(props: { idPrefix: string; from: string; to: string; setFrom: (value: string) => void; setTo: (value: string) => void }) {
  return (
    <>
      <div class="field">
        <label for={`${props.idPrefix}-from`}>Desde</label>
        <input id={`${props.idPrefix}-from`} type="date" required value={props.from} onInput={(event) => props.setFrom(event.currentTarget.value)} />
      </div>
      <div class="field">
        <label for={`${props.idPrefix}-to`}>Hasta</label>
        <input id={`${props.idPrefix}-to`} type="date" required value={props.to} onInput={(event) => props.setTo(event.currentTarget.value)} />
      </div>
    </>
  );
}

/** "Tipo": every family, or one by its path name. */
export function FamilyChoice({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div class="field">
      <label for={id}>Tipo</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">Todos</option>
        {FAMILIES.map((item) => (
          <option key={item.path} value={item.path}>
            {item.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A file fetched with the session's key and handed to the browser, with what the form shows meanwhile and after. */
export function useFileDownload(api: ApiClient) {
  const [status, setStatus] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const download = async (path: string, fallbackName: string, texts: { working: string; done: string }) => {
    setBusy(true);
    setStatus(texts.working);
    try {
      const file = await api.file(path, fallbackName);
      saveFile(file);
      setStatus(`${texts.done}: ${file.fileName} (${Math.ceil(file.blob.size / 1024)} KB).`);
    } catch (failure) {
      setStatus(undefined);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return { status, error, setError, busy, download };
}

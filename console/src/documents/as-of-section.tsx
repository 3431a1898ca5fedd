import { useEffect, useState } from 'preact/hooks';
import { formatPreciseInstant } from '../format/instant.ts';
import { statusLabel } from '../format/statuses.ts';
import { ApiError, type ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live, Loading, StatusBadge } from '../ui/feedback.tsx';
import { useLoad } from '../ui/use-load.ts';
import { asOfFromLocal, localFromInstant } from './as-of.ts';
import type { Family } from './families.ts';
import { DiffList } from './diff-list.tsx';
import type { DocumentRecord } from './record-section.tsx';
import { stateDiff } from './state-diff.ts';

interface Props {
  api: ApiClient;
  family: Family;
  id: string;
  /** An instant chosen elsewhere (a timeline event's): the control takes it. */
  chosen: { instant: string } | undefined;
  /** The record as it is now, to say what changed since the chosen instant. */
  current: DocumentRecord;
  headingId: string;
}

/** The document's status and number at the instant, and what changed in its record since. */
function Then({ asOf, past, current }: { asOf: string; past: DocumentRecord; current: DocumentRecord }) {
  const changes = stateDiff(past, current);
  return (
    <>
      <p class="as-of-result">
        El {formatPreciseInstant(asOf)} el documento estaba <StatusBadge status={past.status} label={statusLabel(past.status)} />
        {past.number ? `, con número ${past.number}` : ', sin número'}.
      </p>
      <details>
        <summary>Lo que cambió desde entonces ({changes.length})</summary>
        <DiffList changes={changes} />
      </details>
    </>
  );
}

/** The document as it stood at a chosen instant (`GET {base}/{id}?as_of=`), in Colombian time to the millisecond. */
export function AsOfSection({ api, family, id, chosen, current, headingId }: Props) {
  const [input, setInput] = useState('');
  const [asOf, setAsOf] = useState<string>();
  const [invalid, setInvalid] = useState<string>();
  useEffect(() => {
    if (!chosen) return;
    const local = localFromInstant(chosen.instant);
    setInput(local);
    setAsOf(asOfFromLocal(local));
  }, [chosen]);

  const path = asOf ? `${family.base}/${id}?as_of=${encodeURIComponent(asOf)}` : undefined;
  const past = useLoad(path, async () => {
    try {
      return await api.get<DocumentRecord>(path!);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  });

  const submit = (event: Event) => {
    event.preventDefault();
    const instant = asOfFromLocal(input);
    setInvalid(instant ? undefined : 'Escriba una fecha y hora completas.');
    setAsOf(instant);
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>El documento en un instante</h2>
      <form class="inline-form" onSubmit={submit} aria-label="Ver el documento en un instante">
        <label for="as-of">Instante (hora de Colombia)</label>
        <input id="as-of" type="datetime-local" step="0.001" value={input} onInput={(event) => setInput(event.currentTarget.value)} required />
        <button type="submit">Ver</button>
      </form>
      <ErrorNote message={invalid ?? past.error} />
      <Live label="El documento en el instante elegido">
        {past.loading && <Loading what="el documento en ese instante" />}
        {asOf && !past.loading && past.data === null && <p class="as-of-result">El documento aún no existía el {formatPreciseInstant(asOf)}.</p>}
        {asOf && !past.loading && past.data && <Then asOf={asOf} past={past.data} current={current} />}
      </Live>
    </section>
  );
}

import { useState } from 'preact/hooks';
import type { ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live } from '../ui/feedback.tsx';
import { salesBookQuery } from './sales-book-query.ts';
import { PeriodDates, useFileDownload } from './period-form-parts.tsx';

/** The period's sales book: invoices and notes DIAN accepted, one CSV row each with its taxes by rate. */
export function SalesBookSection({ api }: { api: ApiClient }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { status, error, setError, busy, download } = useFileDownload(api);

  const submit = async (event: Event) => {
    event.preventDefault();
    const { path, problem } = salesBookQuery(from, to);
    setError(problem);
    if (path) await download(path, `libro-ventas-${from}-${to}.csv`, { working: 'Preparando el libro de ventas…', done: 'Libro descargado' });
  };

  return (
    <section aria-labelledby="h-sales-book">
      <h2 id="h-sales-book">Libro de ventas</h2>
      <p class="muted">
        Facturas y notas aceptadas por la DIAN en el periodo, una fila por documento, con la base y el impuesto de cada tarifa; las notas crédito
        restan.
      </p>
      <form class="filters" onSubmit={submit} aria-label="Libro de ventas">
        <PeriodDates idPrefix="sales-book" from={from} to={to} setFrom={setFrom} setTo={setTo} />
        <div class="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Preparando…' : 'Descargar CSV'}
          </button>
        </div>
      </form>
      <Live label="Estado del libro de ventas">{status && <p>{status}</p>}</Live>
      <ErrorNote message={error} />
    </section>
  );
}

import { useState } from 'preact/hooks';
import type { ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live } from '../ui/feedback.tsx';
import { BOOKS, bookQuery } from './book-query.ts';
import { PeriodDates, useFileDownload } from './period-form-parts.tsx';

/** The period's sales or purchases book: the documents DIAN accepted, one CSV row each with its taxes and withholdings. */
export function BookSection({ api }: { api: ApiClient }) {
  const [book, setBook] = useState<string>(BOOKS[0].value);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { status, error, setError, busy, download } = useFileDownload(api);

  const submit = async (event: Event) => {
    event.preventDefault();
    const { path, problem } = bookQuery(book, from, to);
    setError(problem);
    const file = BOOKS.find((each) => each.value === book)?.file ?? book;
    if (path) await download(path, `${file}-${from}-${to}.csv`, { working: 'Preparando el libro…', done: 'Libro descargado' });
  };

  return (
    <section aria-labelledby="h-books">
      <h2 id="h-books">Libros de ventas, compras y nómina</h2>
      <p class="muted">
        Los documentos aceptados por la DIAN en el periodo, una fila por documento: en ventas y compras, la base y el impuesto de cada tarifa y las
        retenciones (las notas crédito y de ajuste restan); en nómina, cada concepto devengado y deducido y los totales.
      </p>
      <form class="filters" onSubmit={submit} aria-label="Libros">
        <div class="field">
          <label for="book-kind">Libro</label>
          <select id="book-kind" value={book} onChange={(event) => setBook(event.currentTarget.value)}>
            {BOOKS.map((each) => (
              <option key={each.value} value={each.value}>
                {each.label}
              </option>
            ))}
          </select>
        </div>
        <PeriodDates idPrefix="book" from={from} to={to} setFrom={setFrom} setTo={setTo} />
        <div class="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Preparando…' : 'Descargar CSV'}
          </button>
        </div>
      </form>
      <Live label="Estado del libro">{status && <p>{status}</p>}</Live>
      <ErrorNote message={error} />
    </section>
  );
}

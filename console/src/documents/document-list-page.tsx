import { useState } from 'preact/hooks';
import { formatAmount } from '../format/amount.ts';
import { formatCalendarDate, formatInstant } from '../format/instant.ts';
import { statusLabel } from '../format/statuses.ts';
import type { ApiClient } from '../http/api-client.ts';
import { Link, navigate } from '../routing/router.tsx';
import { ErrorNote, Live, Loading, PageTitle, StatusBadge, TableWrap } from '../ui/feedback.tsx';
import { useLoad } from '../ui/use-load.ts';
import { familyOfItem } from './families.ts';
import { DocumentFiltersForm } from './document-filters-form.tsx';
import { documentsQuery, filterProblems, filtersFromSearch, filtersToSearch, type DocumentFilters } from './list-query.ts';

/** An item of `GET /v1/documents`. */
export interface DocumentItem {
  id: string;
  family: string;
  number: string | null;
  status: string;
  issue_date: string | null;
  created_at: string;
  unique_code: string | null;
  counterparty: { identification: string | null; name: string | null };
  payable_amount: string | null;
  links: { self: string };
}

interface DocumentsAnswer {
  data: DocumentItem[];
  next_cursor: string | null;
  total: number;
}

const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Every family's documents of the key's company and environment, with the API's filters, a page at a time. */
export function DocumentListPage({ api, search }: { api: ApiClient; search: string }) {
  const filters = filtersFromSearch(search);
  // The cursors of the pages before the one shown: "Anterior" pops one.
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [pageSize, setPageSize] = useState<number>(25);
  const cursor = cursors[cursors.length - 1];
  const problems = filterProblems(filters);
  const query = problems.length === 0 ? documentsQuery(filters, pageSize, cursor) : undefined;
  const page = useLoad(query, () => api.get<DocumentsAnswer>(query!));

  const apply = (next: DocumentFilters) => {
    setCursors([null]);
    navigate(`/documentos${filtersToSearch(next)}`);
  };
  const shown = page.data?.data ?? [];
  const first = (cursors.length - 1) * pageSize + 1;

  return (
    <>
      <PageTitle>Documentos</PageTitle>
      <DocumentFiltersForm filters={filters} onApply={apply} />
      <ErrorNote message={problems.join('. ') || page.error} />
      <Live label="Resultado de la búsqueda">
        {page.loading && <Loading what="los documentos" />}
        {page.data && (
          <p class="summary">
            {page.data.total === 0
              ? 'Ningún documento cumple los filtros.'
              : `${page.data.total} ${page.data.total === 1 ? 'documento' : 'documentos'}; se muestran del ${first} al ${first + shown.length - 1}.`}
          </p>
        )}
      </Live>
      {shown.length > 0 && (
        <TableWrap label="Lista de documentos">
          <table class="documents">
            <caption class="visually-hidden">Documentos, los más recientes primero</caption>
            <thead>
              <tr>
                <th scope="col">Número</th>
                <th scope="col">Tipo</th>
                <th scope="col">Estado</th>
                <th scope="col">Emisión</th>
                <th scope="col">Contraparte</th>
                <th scope="col" class="number">
                  Total
                </th>
                <th scope="col">Creado</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => {
                const family = familyOfItem(item);
                return (
                  <tr key={item.id}>
                    <td>
                      {family ? <Link to={`/documentos/${family.path}/${item.id}`}>{item.number ?? 'sin número'}</Link> : (item.number ?? item.id)}
                    </td>
                    <td>{family?.label ?? item.family}</td>
                    <td>
                      <StatusBadge status={item.status} label={statusLabel(item.status)} />
                    </td>
                    <td>{formatCalendarDate(item.issue_date)}</td>
                    <td>
                      {item.counterparty?.name ?? '—'}
                      {item.counterparty?.identification && <span class="muted"> ({item.counterparty.identification})</span>}
                    </td>
                    <td class="number">{formatAmount(item.payable_amount)}</td>
                    <td>{formatInstant(item.created_at)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
      <nav class="pager" aria-label="Páginas de documentos">
        <label for="page-size">Por página</label>
        <select
          id="page-size"
          value={String(pageSize)}
          onChange={(event) => {
            setPageSize(Number(event.currentTarget.value));
            setCursors([null]);
          }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={String(size)}>
              {size}
            </option>
          ))}
        </select>
        <button type="button" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          Anterior
        </button>
        <button type="button" disabled={!page.data?.next_cursor} onClick={() => page.data?.next_cursor && setCursors([...cursors, page.data.next_cursor])}>
          Siguiente
        </button>
      </nav>
    </>
  );
}

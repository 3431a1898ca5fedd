import { useEffect, useState } from 'preact/hooks';
import { LISTABLE_STATUSES, statusLabel } from '../format/statuses.ts';
import { FAMILIES } from './families.ts';
import { NO_FILTERS, type DocumentFilters } from './list-query.ts';

interface Props {
  filters: DocumentFilters;
  onApply(filters: DocumentFilters): void;
}

/** The filters of `GET /v1/documents`: family, status, exact number and an issue-date range. */
export function DocumentFiltersForm({ filters, onApply }: Props) {
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filters), [JSON.stringify(filters)]);
  const set = (field: keyof DocumentFilters) => (event: Event) => setDraft({ ...draft, [field]: (event.currentTarget as HTMLInputElement).value });
  const submit = (event: Event) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form class="filters" onSubmit={submit} aria-label="Filtros de documentos">
      <div class="field">
        <label for="filter-family">Tipo</label>
        <select id="filter-family" value={draft.family} onChange={set('family')}>
          <option value="">Todos</option>
          {FAMILIES.map((family) => (
            <option key={family.path} value={family.path}>
              {family.label}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="filter-status">Estado</label>
        <select id="filter-status" value={draft.status} onChange={set('status')}>
          <option value="">Todos</option>
          {LISTABLE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="filter-number">Número</label>
        <input id="filter-number" value={draft.number} onInput={set('number')} maxLength={50} autocomplete="off" />
      </div>
      <div class="field">
        <label for="filter-from">Emitido desde</label>
        <input id="filter-from" type="date" value={draft.issuedFrom} onInput={set('issuedFrom')} />
      </div>
      <div class="field">
        <label for="filter-to">Emitido hasta</label>
        <input id="filter-to" type="date" value={draft.issuedTo} onInput={set('issuedTo')} />
      </div>
      <div class="actions">
        <button type="submit">Filtrar</button>
        <button type="button" class="secondary" onClick={() => onApply(NO_FILTERS)}>
          Quitar filtros
        </button>
      </div>
    </form>
  );
}

import { formatAmount, isAmountText } from '../format/amount.ts';
import { formatCalendarDate, formatInstant } from '../format/instant.ts';
import { statusLabel } from '../format/statuses.ts';
import { StatusBadge, TableWrap } from '../ui/feedback.tsx';
import type { Family } from './families.ts';
import { fieldLabel } from './field-labels.ts';
import { counterpartyOf } from './party.ts';

export type DocumentRecord = Record<string, unknown> & { id: string; status: string; number?: string | null };

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** The document's record: who, when, its unique code, its state and what the authority said. */
export function RecordSection({ record, family, headingId }: { record: DocumentRecord; family: Family; headingId: string }) {
  const party = counterpartyOf(record);
  const reference = record.reference as Record<string, unknown> | undefined;
  const errors = Array.isArray(record.errors) ? (record.errors as unknown[]) : [];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Registro</h2>
      <dl class="record">
        <dt>Tipo</dt>
        <dd>{family.label}</dd>
        <dt>Número</dt>
        <dd>{text(record.number)}</dd>
        <dt>Estado</dt>
        <dd>
          <StatusBadge status={record.status} label={statusLabel(record.status)} />
        </dd>
        <dt>{family.uniqueCode.toUpperCase()}</dt>
        <dd class="code">{text(record[family.uniqueCode])}</dd>
        <dt>Fecha de emisión</dt>
        <dd>
          {formatCalendarDate(record.issue_date)} {typeof record.issue_time === 'string' && <span class="muted">{record.issue_time}</span>}
        </dd>
        <dt>Creado</dt>
        <dd>{formatInstant(record.created_at)}</dd>
        <dt>Validado el</dt>
        <dd>{formatInstant(record.validated_at)}</dd>
        {party && (
          <>
            <dt>{party.role}</dt>
            <dd>
              {party.name} <span class="muted">({party.identification})</span>
            </dd>
          </>
        )}
        {reference && (
          <>
            <dt>{fieldLabel('reference')}</dt>
            <dd>
              {text(reference.number)} <span class="muted">({text(reference.family)})</span>
            </dd>
          </>
        )}
        {typeof record.failure_reason === 'string' && (
          <>
            <dt>{fieldLabel('failure_reason')}</dt>
            <dd>{record.failure_reason}</dd>
          </>
        )}
        <dt>Ambiente</dt>
        <dd>{record.environment === 'live' ? 'producción' : 'pruebas'}</dd>
      </dl>
      {errors.length > 0 && (
        <>
          <h3>Errores de la DIAN</h3>
          <ul>
            {errors.map((error, index) => (
              <li key={index}>{typeof error === 'string' ? error : JSON.stringify(error)}</li>
            ))}
          </ul>
        </>
      )}
      <ItemsTable items={record.items} />
    </section>
  );
}

function ItemsTable({ items }: { items: unknown }) {
  if (!Array.isArray(items) || items.length === 0) return null;
  const rows = items as Array<Record<string, unknown>>;
  return (
    <TableWrap label="Ítems del documento">
      <table>
        <caption>Ítems</caption>
        <thead>
          <tr>
            <th scope="col">Código</th>
            <th scope="col">Descripción</th>
            <th scope="col" class="number">
              Cantidad
            </th>
            <th scope="col" class="number">
              Precio unitario
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item, index) => (
            <tr key={index}>
              <td>{text(item.code_reference)}</td>
              <td>{text(item.name)}</td>
              <td class="number">{text(item.quantity)}</td>
              <td class="number">{isAmountText(item.price) ? formatAmount(item.price) : text(item.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** The document's totals: each amount member of `totals` with its Spanish name. */
export function TotalsSection({ totals, headingId }: { totals: unknown; headingId: string }) {
  if (typeof totals !== 'object' || totals === null) return null;
  const amounts = Object.entries(totals as Record<string, unknown>).filter(([, value]) => isAmountText(value));
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Totales</h2>
      <dl class="totals">
        {amounts.map(([member, value]) => (
          <div key={member} class={member === 'payable_amount' || member === 'net_total' ? 'grand' : undefined}>
            <dt>{fieldLabel(`totals.${member}`) ?? member}</dt>
            <dd class="number">{formatAmount(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

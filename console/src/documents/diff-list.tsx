import { useState } from 'preact/hooks';
import { fieldLabel } from './field-labels.ts';
import { truncated, valueText, type Change } from './state-diff.ts';

/** A value, cut to a line when long, with a button that shows it whole. */
function Value({ value }: { value: unknown }) {
  const [open, setOpen] = useState(false);
  const full = valueText(value);
  const short = truncated(full);
  if (!short.cut) return <code class="value">{full}</code>;
  return (
    <span>
      <code class="value">{open ? full : short.text}</code>{' '}
      <button type="button" class="link" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'ver menos' : 'ver completo'}
      </button>
    </span>
  );
}

const KIND: Record<Change['kind'], string> = { added: 'nuevo', removed: 'quitado', changed: 'cambió' };

/** The changed paths of a record, each with its Spanish name (raw path otherwise) and before → after. */
export function DiffList({ changes }: { changes: Change[] }) {
  if (changes.length === 0) return <p class="muted">Sin cambios en el registro.</p>;
  return (
    <ul class="diff">
      {changes.map((change) => {
        const label = fieldLabel(change.path);
        return (
          <li key={change.path}>
            <span class="path">
              {label ? (
                <>
                  {label} <code class="muted">{change.path}</code>
                </>
              ) : (
                <code>{change.path}</code>
              )}
            </span>{' '}
            <span class="visually-hidden">{KIND[change.kind]}:</span>
            {change.kind !== 'added' && <Value value={change.before} />}
            {change.kind === 'changed' && <span aria-hidden="true"> → </span>}
            {change.kind === 'changed' && <span class="visually-hidden"> pasó a </span>}
            {change.kind !== 'removed' && <Value value={change.after} />}
            {change.kind !== 'changed' && <span class="muted"> ({KIND[change.kind]})</span>}
          </li>
        );
      })}
    </ul>
  );
}

import { findingLabel } from '../format/event-types.ts';
import { TableWrap } from '../ui/feedback.tsx';

export interface Finding {
  stream?: string;
  revision: number | string | null;
  position: number | string | null;
  kind: string;
  detail: string;
}

/** Where a hash chain breaks: one row per finding of the audit code (revision, log position, kind, detail). */
export function FindingsTable({ findings, withStream = false }: { findings: Finding[]; withStream?: boolean }) {
  return (
    <TableWrap label="Hallazgos de la verificación">
      <table class="findings">
        <thead>
          <tr>
            {withStream && <th scope="col">Flujo</th>}
            <th scope="col">Revisión</th>
            <th scope="col">Posición</th>
            <th scope="col">Problema</th>
            <th scope="col">Detalle</th>
          </tr>
        </thead>
        <tbody>
          {findings.map((finding, index) => (
            <tr key={index}>
              {withStream && (
                <td>
                  <code>{finding.stream ?? '—'}</code>
                </td>
              )}
              <td>{finding.revision ?? '—'}</td>
              <td>{finding.position ?? '—'}</td>
              <td>{findingLabel(finding.kind)}</td>
              <td>{finding.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

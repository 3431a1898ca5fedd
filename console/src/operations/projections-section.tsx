import { useState } from 'preact/hooks';
import type { ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live, TableWrap } from '../ui/feedback.tsx';
import { projectionDescription } from './projection-descriptions.ts';
import { RebuildProgress } from './rebuild-progress.tsx';
import type { RebuildJob } from './progress.ts';

export interface ProjectionStatus {
  name: string;
  description: string;
  active_version: number;
  /** The revision of the definition that wrote the active rows, and the current one (higher: a rebuild is due). */
  rows_revision: number;
  definition_revision: number;
  position: string;
  head: string;
  lag: string;
  rebuild: { version: number; position: string } | null;
  job: RebuildJob | null;
}

interface Props {
  api: ApiClient;
  projections: ProjectionStatus[] | undefined;
  /** Asks for the list again (after a rebuild starts). */
  refresh(): void;
}

/** The read-model projections with their version, checkpoint and lag, each with a rebuild and its live progress. */
export function ProjectionsSection({ api, projections, refresh }: Props) {
  const [error, setError] = useState<string>();
  const [started, setStarted] = useState<string>();
  const rebuild = async (name: string) => {
    setError(undefined);
    try {
      await api.send('POST', `/admin/v1/projections/${encodeURIComponent(name)}/rebuild`);
      setStarted(`Reconstrucción de ${name} iniciada.`);
      refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <section aria-labelledby="h-projections">
      <h2 id="h-projections">Proyecciones</h2>
      <ErrorNote message={error} />
      <Live label="Reconstrucciones">{started && <p>{started}</p>}</Live>
      {projections && (
        <TableWrap label="Proyecciones">
          <table class="projections">
            <thead>
              <tr>
                <th scope="col">Proyección</th>
                <th scope="col">Versión</th>
                <th scope="col" class="number">
                  Posición
                </th>
                <th scope="col" class="number">
                  Cabeza del log
                </th>
                <th scope="col" class="number">
                  Retraso
                </th>
                <th scope="col">Reconstrucción</th>
              </tr>
            </thead>
            <tbody>
              {projections.map((projection) => {
                const running = projection.rebuild !== null || (projection.job !== null && projection.job.finished_at === null);
                return (
                  <tr key={projection.name} data-projection={projection.name}>
                    <th scope="row">
                      {projection.name}
                      <span class="muted block normal">{projectionDescription(projection.name, projection.description)}</span>
                    </th>
                    <td class="version">
                      v{projection.active_version}
                      {projection.rows_revision < projection.definition_revision && (
                        <span class="block warning">
                          filas de la revisión {projection.rows_revision}; la {projection.definition_revision} requiere reconstruir
                        </span>
                      )}
                    </td>
                    <td class="number">{projection.position}</td>
                    <td class="number">{projection.head}</td>
                    <td class="number">{projection.lag}</td>
                    <td>
                      {projection.job && <RebuildProgress name={projection.name} job={projection.job} />}
                      {!projection.job && projection.rebuild && <p>En curso en otra instancia (v{projection.rebuild.version}, posición {projection.rebuild.position}).</p>}
                      <button type="button" class="secondary" disabled={running} onClick={() => rebuild(projection.name)} aria-label={`Reconstruir ${projection.name}`}>
                        Reconstruir
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

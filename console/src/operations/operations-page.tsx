import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ApiClient } from '../http/api-client.ts';
import { ErrorNote, Loading, PageTitle } from '../ui/feedback.tsx';
import { AttentionSection, type Attention } from './attention-section.tsx';
import { ProjectionsSection, type ProjectionStatus } from './projections-section.tsx';
import { useVisibleInterval } from './use-visible-interval.ts';
import { WorkersSection, type Readiness } from './workers-section.tsx';

const REFRESH_MS = 2_000;
/** While a rebuild runs here, its projections are asked for this often, so its bar moves smoothly. */
const REBUILD_REFRESH_MS = 500;

interface Snapshot {
  projections?: ProjectionStatus[];
  readiness?: Readiness;
  attention?: Attention;
  errors: { projections?: string; readiness?: string; attention?: string };
  at?: Date;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Operators: projections and workers, live (every 2 s while the page is visible), rebuilds, and what needs attention. */
export function OperationsPage({ api }: { api: ApiClient }) {
  const [snapshot, setSnapshot] = useState<Snapshot>({ errors: {} });
  const refresh = useCallback(async () => {
    const [projections, readiness, attention] = await Promise.allSettled([
      api.get<{ data: ProjectionStatus[] }>('/admin/v1/projections'),
      // 503 (not ready) still carries the report; the client treats it as a failure, so read it plainly.
      fetch('/health/ready', { cache: 'no-store', credentials: 'omit' }).then((response) => response.json() as Promise<Readiness>),
      api.get<Attention>('/admin/v1/attention'),
    ]);
    setSnapshot((previous) => ({
      projections: projections.status === 'fulfilled' ? projections.value.data : previous.projections,
      readiness: readiness.status === 'fulfilled' ? readiness.value : previous.readiness,
      attention: attention.status === 'fulfilled' ? attention.value : previous.attention,
      errors: {
        projections: projections.status === 'rejected' ? message(projections.reason) : undefined,
        readiness: readiness.status === 'rejected' ? message(readiness.reason) : undefined,
        attention: attention.status === 'rejected' ? message(attention.reason) : undefined,
      },
      at: new Date(),
    }));
  }, [api]);
  const refreshProjections = useCallback(async () => {
    try {
      const { data } = await api.get<{ data: ProjectionStatus[] }>('/admin/v1/projections');
      setSnapshot((previous) => ({ ...previous, projections: data }));
    } catch {
      // The 2-second refresh reports failures.
    }
  }, [api]);
  useEffect(() => void refresh(), [refresh]);
  useVisibleInterval(() => void refresh(), REFRESH_MS);
  const rebuilding = snapshot.projections?.some((projection) => projection.job !== null && projection.job.finished_at === null) ?? false;
  useVisibleInterval(() => {
    if (rebuilding) void refreshProjections();
  }, REBUILD_REFRESH_MS);

  return (
    <>
      <PageTitle>Operaciones</PageTitle>
      <p class="muted">Se actualiza cada 2 segundos mientras la página está visible.</p>
      {!snapshot.at && <Loading what="el estado del servicio" />}
      <ErrorNote message={snapshot.errors.projections ?? snapshot.errors.readiness} />
      <ProjectionsSection api={api} projections={snapshot.projections} refresh={() => void refreshProjections()} />
      <WorkersSection readiness={snapshot.readiness} />
      <AttentionSection attention={snapshot.attention} error={snapshot.errors.attention} />
    </>
  );
}

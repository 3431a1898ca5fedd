import { formatInstant } from '../format/instant.ts';
import { etaText, phaseLabel, rebuildPercent, type RebuildJob } from './progress.ts';

/** A rebuild's progress bar with its phase, events/s and time left, announced as it moves. */
export function RebuildProgress({ name, job }: { name: string; job: RebuildJob }) {
  const percent = rebuildPercent(job);
  const id = `rebuild-${name}`;
  return (
    <div class="rebuild" aria-live="polite">
      <label for={id}>
        Reconstrucción: {percent} % ({phaseLabel(job.phase)})
      </label>
      <progress id={id} max={100} value={percent}>
        {percent} %
      </progress>
      <p class="muted">
        {job.events ?? 0} eventos, {job.events_per_second ?? 0} eventos/s
        {job.finished_at ? `; terminó ${formatInstant(job.finished_at)}` : `; quedan ${etaText(job.eta_seconds)}`}
      </p>
      {job.error && <p class="bad">Error: {job.error}</p>}
    </div>
  );
}

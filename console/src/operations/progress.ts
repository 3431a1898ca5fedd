/** Whole percent of `done` out of `total` (numbers or the API's decimal strings of log positions), 0–100. */
export function percentOf(done: number | string | null | undefined, total: number | string | null | undefined): number {
  const toBig = (value: number | string | null | undefined): bigint | undefined => {
    if (value === null || value === undefined || value === '') return undefined;
    const text = String(value);
    return /^\d+$/.test(text) ? BigInt(text) : undefined;
  };
  const part = toBig(done);
  const whole = toBig(total);
  if (part === undefined || whole === undefined) return 0;
  if (whole === 0n) return 100;
  const percent = (part * 100n) / whole;
  return Number(percent > 100n ? 100n : percent);
}

/** A rebuild's job as `/admin/v1/projections/{name}` shows it. */
export interface RebuildJob {
  started_at: string;
  finished_at: string | null;
  error: string | null;
  phase?: 'building' | 'indexing' | 'switching' | 'done' | 'interrupted';
  version?: number;
  position?: string;
  head?: string;
  events?: number;
  events_per_second?: number;
  eta_seconds?: number | null;
}

/** How far a rebuild is: 100 once done (or finished without error or pause), else its position over its head, at most 99. */
export function rebuildPercent(job: RebuildJob): number {
  if (job.phase === 'done' || (job.finished_at && !job.error && job.phase !== 'interrupted')) return 100;
  // Reaching the head is not the end (the switch to the new version follows): 100 % is kept for a finished rebuild.
  return Math.min(99, percentOf(job.position, job.head));
}

/** Seconds left as Spanish text: "menos de 1 s", "45 s", "3 min 05 s", "1 h 02 min"; "—" when unknown. */
export function etaText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.ceil(seconds);
  if (whole < 1) return 'menos de 1 s';
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
}

/** The phase of a rebuild in Spanish. */
export function phaseLabel(phase: string | undefined): string {
  const labels: Record<string, string> = { building: 'construyendo', indexing: 'creando índices', switching: 'cambiando a la nueva versión', done: 'terminada', interrupted: 'interrumpida' };
  return phase ? (labels[phase] ?? phase) : 'iniciando';
}

/** A count read at an instant (milliseconds), to estimate a rate from two readings. */
export interface Reading {
  done: number;
  at: number;
}

/** Seconds left to reach `total` at the pace between two readings; null while it cannot be told (no pace yet). */
export function etaFromReadings(previous: Reading | undefined, current: Reading, total: number | null): number | null {
  if (!previous || total === null || current.at <= previous.at || current.done <= previous.done) return null;
  const perSecond = (current.done - previous.done) / ((current.at - previous.at) / 1000);
  return Math.max(0, (total - current.done) / perSecond);
}

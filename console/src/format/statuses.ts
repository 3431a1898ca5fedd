/** Statuses of documents (seed 000 and the lifecycle's others), messages, verifications and workers, in Spanish. */
const LABELS: Record<string, string> = {
  draft: 'borrador',
  issued: 'emitido',
  pending: 'pendiente',
  sent: 'enviado',
  validated: 'validado',
  rejected: 'rechazado',
  failed: 'fallido',
  cancelled: 'cancelado',
  voided: 'anulado',
  queued: 'en cola',
  blocked: 'bloqueado',
  running: 'en curso',
  completed: 'completada',
  interrupted: 'interrumpida',
  catching_up: 'poniéndose al día',
  reconnecting: 'reconectando',
  standby: 'en espera (otra instancia)',
  unassigned: 'sin asignar',
  idle: 'inactivo',
  stopped: 'detenido',
  enabled: 'activo',
  disabled: 'desactivado',
};

export function statusLabel(status: unknown): string {
  if (typeof status !== 'string' || status === '') return '—';
  return LABELS[status] ?? status;
}

/** The statuses the documents list filters on (seed 000's), in their order. */
export const LISTABLE_STATUSES = ['pending', 'sent', 'validated', 'rejected', 'failed', 'cancelled'] as const;

/** The statuses of the runners of /health/ready that need an operator. */
export const WORKER_TROUBLE = new Set(['failed', 'stopped', 'reconnecting', 'unassigned', 'idle']);

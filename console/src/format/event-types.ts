/** What each event of a document's stream means, in Spanish; an unknown type shows as it is stored. */
const EVENT_LABELS: Record<string, string> = {
  DocumentDrafted: 'Borrador creado',
  DocumentDraftEdited: 'Borrador editado',
  DocumentFinalized: 'Emitido (finalizado)',
  DocumentTransmissionRequested: 'Transmisión solicitada',
  DocumentCreated: 'Creado',
  DocumentSubmissionStarted: 'Envío al proveedor iniciado',
  DocumentSubmissionAttemptFailed: 'Intento de envío fallido',
  DocumentSubmissionRetryStarted: 'Reintento de envío iniciado',
  DocumentSubmissionLeaseExtended: 'Envío prolongado',
  DocumentSubmissionFailed: 'Envío fallido',
  DocumentValidated: 'Validado por la DIAN',
  DocumentRejected: 'Rechazado por la DIAN',
  DocumentCancelled: 'Cancelado',
  DocumentVoidClaimed: 'Anulación reclamada',
  DocumentVoided: 'Anulado',
};

export function eventTypeLabel(type: string): string {
  return EVENT_LABELS[type] ?? type;
}

/** The kinds of finding of a trail check (application/audit), in Spanish. */
const FINDING_LABELS: Record<string, string> = {
  altered: 'alterado (el hash no coincide)',
  reordered: 'reordenado',
  missing: 'faltante',
  broken: 'cadena rota (no enlaza con el anterior)',
  unchained: 'sin encadenar (anterior al rastro)',
  duplicate: 'duplicado (dos eventos con la misma revisión)',
};

export function findingLabel(kind: string): string {
  return FINDING_LABELS[kind] ?? kind;
}

/** One line of DIAN's ErrorMessage: `Regla: {code}, Rechazo: {text}` (blocks) or `Regla: {code}, Notificación: {text}`. */
export interface DianRuleLine {
  code: string;
  kind: 'rejection' | 'notification';
  text: string;
}

/** DIAN's answer to SendEventUpdateStatus, as far as the trail keeps it. */
export interface DianEventAnswer {
  /** '00' processed, '99' rejected (rule 90: already processed), '89' refused before validation… */
  statusCode: string;
  isValid: boolean;
  messages: DianRuleLine[];
}

/** Where the transmission of an event to DIAN stands, as its trail record shows it. */
export interface DianEventStatus {
  status: 'pending' | 'accepted' | 'rejected' | 'failed';
  statusCode?: string;
  messages?: DianRuleLine[];
  /** Why it failed (DIAN unreachable after every attempt, or the event could not be sent at all). */
  reason?: string;
}

/** DIAN's rule for a document (here: an event) it processed before; its answer to a resend. */
const ALREADY_PROCESSED_RULE = '90';

/**
 * Accepted when DIAN says it is valid, or when the only blocking rule is 90 ("Documento procesado anteriormente"): a
 * resend after an answer that never arrived finds the event already registered.
 */
export function answerStatus(answer: DianEventAnswer): 'accepted' | 'rejected' {
  if (answer.isValid) return 'accepted';
  const rejections = answer.messages.filter((line) => line.kind === 'rejection');
  return rejections.length > 0 && rejections.every((line) => line.code === ALREADY_PROCESSED_RULE) ? 'accepted' : 'rejected';
}

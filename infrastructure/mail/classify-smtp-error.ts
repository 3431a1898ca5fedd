import type { DeliveryOutcome } from '../../domain/messages/delivery-outcome.ts';

interface SmtpError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
}

// Failures of the request itself rather than of the relay: sending it again cannot help.
const PERMANENT_CODES = new Set(['EENVELOPE', 'EMESSAGE', 'ECONFIG', 'EMAXRECIPIENTS']);

/**
 * Seed 002 / issue 5: an SMTP 5xx answer is permanent; 4xx, connection refused, timeouts and other network
 * faults are temporary. An error without an SMTP reply is permanent only when it is about the message itself.
 */
export function classifySmtpError(error: unknown): DeliveryOutcome {
  const smtp = (error ?? {}) as SmtpError;
  const detail = [smtp.code, smtp.response ?? smtp.message].filter(Boolean).join(': ') || String(error);
  if (typeof smtp.responseCode === 'number') {
    return smtp.responseCode >= 500 ? { kind: 'permanent', error: detail } : { kind: 'temporary', error: detail };
  }
  if (smtp.code && PERMANENT_CODES.has(smtp.code)) return { kind: 'permanent', error: detail };
  return { kind: 'temporary', error: detail };
}

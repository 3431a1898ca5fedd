import type { AuthorityMessage } from '../../../domain/documents/authority-message.ts';
import { parseRuleLine, type DianResponse } from '../../dian/web-services/dian-web-services.ts';

/** DIAN's ApplicationResponse as it answered it: base64 of the signed XML. */
export type ApplicationResponseBase64 = string | null;

/** What a DianResponse says about a document (reference dian-webservices.md §5). */
export type DianVerdict =
  | { kind: 'validated'; warnings: AuthorityMessage[]; applicationResponse: ApplicationResponseBase64 }
  | { kind: 'rejected'; errors: AuthorityMessage[]; applicationResponse: ApplicationResponseBase64 }
  /** Rule 90 alone: DIAN holds an earlier submission of the same number; its state is GetStatus's answer. */
  | { kind: 'already-processed' }
  /** 89: the request was refused before any validation (certificate, NIT, ZIP); DIAN holds nothing of it. */
  | { kind: 'refused'; errors: AuthorityMessage[] }
  /** 98: DIAN is still validating it. */
  | { kind: 'in-process' }
  /** 66: DIAN has no record of the document (or, answering a send, no validation result). */
  | { kind: 'unknown'; description: string }
  /** 500 and anything unforeseen: ask again later. */
  | { kind: 'unavailable'; description: string };

const ALREADY_PROCESSED_RULE = '90';

/** One ErrorMessage line as the document's error or warning: `Regla: FAJ43b, Notificación: …`, the sandbox's form. */
export function authorityMessage(line: string): AuthorityMessage {
  const rule = parseRuleLine(line);
  const label = rule.kind === 'rejection' ? 'Rechazo' : 'Notificación';
  return { code: rule.code, message: rule.code === 'DIAN' ? `${label}: ${rule.text}` : `Regla: ${rule.code}, ${label}: ${rule.text}` };
}

export function verdictOf(response: DianResponse): DianVerdict {
  const { statusCode, statusDescription } = response;
  const applicationResponse = response.xmlBase64Bytes || null;
  const messages = response.errorMessages.filter((line) => line.trim() !== '').map(authorityMessage);
  const described = `${statusCode || '(empty)'} ${statusDescription}`.trim();
  if (response.isValid) return { kind: 'validated', warnings: messages, applicationResponse };
  switch (statusCode) {
    case '99': {
      if (messages.length === 1 && messages[0].code === ALREADY_PROCESSED_RULE) return { kind: 'already-processed' };
      const errors = messages.length > 0 ? messages : [{ code: '99', message: `Rechazo: ${statusDescription}` }];
      return { kind: 'rejected', errors, applicationResponse };
    }
    case '89':
      return { kind: 'refused', errors: [{ code: '89', message: `Rechazo: ${statusDescription}` }] };
    case '98':
    case '':
      return { kind: 'in-process' };
    case '66':
      return { kind: 'unknown', description: described };
    default:
      return { kind: 'unavailable', description: described };
  }
}

import type { AuthorityMessage } from '../../../../domain/documents/authority-message.ts';
import { authorityMessages, isRejection } from './authority-messages.ts';
import { factusInstant } from './factus-date.ts';

/** What a Factus document says about its fate at DIAN. */
export type FactusAnswer =
  | { kind: 'validated'; number: string; uniqueCode: string; validatedAt: string | null; warnings: AuthorityMessage[] }
  | { kind: 'rejected'; errors: AuthorityMessage[] }
  /** Not validated and nothing rejected: DIAN did not answer in time (reference §1.3); resend the same reference. */
  | { kind: 'pending'; messages: AuthorityMessage[] };

/**
 * Reads a Factus document (`data` of a create, show or reference answer) as documented: validated ⇔ `is_validated`
 * (v1's `status` 1 too); otherwise an error containing "Rechazo" means rejected; otherwise DIAN has not answered.
 */
export function interpretDocument(data: Record<string, any>, uniqueCodeField: string): FactusAnswer {
  const document = data.bill && typeof data.bill === 'object' ? { ...data, ...data.bill } : data;
  const messages = authorityMessages(document.errors);
  const validated = document.is_validated === true || document.status === 1 || document.status === '1';
  if (validated) {
    return {
      kind: 'validated',
      number: String(document.number ?? ''),
      uniqueCode: String(document[uniqueCodeField] ?? ''),
      validatedAt: factusInstant(document.validated_at ?? document.validated),
      warnings: messages,
    };
  }
  if (messages.some(isRejection)) return { kind: 'rejected', errors: messages };
  return { kind: 'pending', messages };
}

/**
 * A refused request (400/422): DIAN's rejection ("Validation error" with Rechazo rules) or Factus's own validation
 * of the body; either way the document as sent will not pass, so it is rejected with the messages.
 */
export function interpretRefusal(body: Record<string, any>): FactusAnswer {
  const errors = authorityMessages(body.data?.errors ?? body.errors);
  if (errors.length > 0) return { kind: 'rejected', errors };
  return { kind: 'rejected', errors: [{ code: 'FACTUS', message: String(body.data?.message ?? body.message ?? 'Factus refused the document') }] };
}

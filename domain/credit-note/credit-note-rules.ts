import { checkNoteRules } from '../notes/note-rules.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { CreditNoteBody } from './credit-note-body.ts';
import { CREDIT_NOTE } from './credit-note-kind.ts';

/** Issuance rules of a credit note; empty when the body can be issued (the invoice's existence is checked elsewhere). */
export function checkCreditNoteRules(body: CreditNoteBody): ValidationIssue[] {
  return checkNoteRules(body, CREDIT_NOTE);
}

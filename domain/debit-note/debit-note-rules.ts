import { checkNoteRules } from '../notes/note-rules.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { DebitNoteBody } from './debit-note-body.ts';
import { DEBIT_NOTE } from './debit-note-kind.ts';

/** Issuance rules of a debit note; empty when the body can be issued (the invoice's existence is checked elsewhere). */
export function checkDebitNoteRules(body: DebitNoteBody): ValidationIssue[] {
  return checkNoteRules(body, DEBIT_NOTE);
}

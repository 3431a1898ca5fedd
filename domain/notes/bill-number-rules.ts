import type { ValidationIssue } from '../shared/validation-issue.ts';
import { documentNumberIssue } from './document-number-rule.ts';
import type { NoteBody } from './note-body.ts';
import type { NoteKind } from './note-kind.ts';

/** bill_number is optional, except on an annulment, which must name the invoice it voids. */
export function checkBillNumber(body: Pick<NoteBody, 'bill_number' | 'concept'>, kind: NoteKind): ValidationIssue[] {
  const annulment = kind.annulmentConcept !== undefined && body.concept === kind.annulmentConcept;
  const issue = documentNumberIssue('bill_number', body.bill_number, 'the number of a sales invoice', {
    required: annulment,
    whenMissing: `concept ${kind.annulmentConcept} (${kind.concepts.get(kind.annulmentConcept ?? '')}) voids an invoice, so the note must name it`,
  });
  return issue ? [issue] : [];
}

import { checkDebitNoteRules, computeDebitNoteTotals, debitNoteReference, normalizeDebitNote, type DebitNoteBody } from '../../debit-note/index.ts';
import { defineFamily } from './define-family.ts';

export const debitNoteFamily = defineFamily<DebitNoteBody>({
  name: 'debit-note',
  streamCategory: 'debitNote',
  uniqueCodeName: 'cude',
  typeCode: '92',
  rules: checkDebitNoteRules,
  normalize: normalizeDebitNote,
  totals: computeDebitNoteTotals,
  counterparty: 'customer',
  reference: { family: 'sales-invoice', of: debitNoteReference },
});

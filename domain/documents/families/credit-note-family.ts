import {
  checkCreditNoteRules,
  computeCreditNoteTotals,
  creditNoteReference,
  creditNoteVoidsReference,
  normalizeCreditNote,
  type CreditNoteBody,
} from '../../credit-note/index.ts';
import { defineFamily } from './define-family.ts';

export const creditNoteFamily = defineFamily<CreditNoteBody>({
  name: 'credit-note',
  streamCategory: 'creditNote',
  uniqueCodeName: 'cude',
  typeCode: '91',
  rules: checkCreditNoteRules,
  normalize: normalizeCreditNote,
  totals: computeCreditNoteTotals,
  counterparty: 'customer',
  reference: { family: 'sales-invoice', of: creditNoteReference },
  voids: creditNoteVoidsReference,
});

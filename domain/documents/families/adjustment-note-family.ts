import {
  adjustmentNoteReference,
  adjustmentNoteVoidsReference,
  checkAdjustmentNoteRules,
  computeAdjustmentNoteTotals,
  normalizeAdjustmentNote,
  type AdjustmentNoteBody,
} from '../../adjustment-note/index.ts';
import type { SupportDocumentTotals } from '../../support-document/support-document-totals.ts';
import { defineFamily } from './define-family.ts';

export const adjustmentNoteFamily = defineFamily<AdjustmentNoteBody, SupportDocumentTotals>({
  name: 'adjustment-note',
  streamCategory: 'adjustmentNote',
  uniqueCodeName: 'cuds',
  typeCode: '95',
  rules: checkAdjustmentNoteRules,
  normalize: normalizeAdjustmentNote,
  totals: computeAdjustmentNoteTotals,
  counterparty: 'provider',
  reference: { family: 'support-document', of: adjustmentNoteReference },
  voids: adjustmentNoteVoidsReference,
});

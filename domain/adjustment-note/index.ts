export type { AdjustmentNoteBody } from './adjustment-note-body.ts';
export { checkAdjustmentNoteRules } from './adjustment-note-rules.ts';
export { normalizeAdjustmentNote } from './normalize-adjustment-note.ts';
export { computeAdjustmentNoteTotals } from './adjustment-note-totals.ts';
export { adjustmentNoteReference, adjustmentNoteVoidsReference } from './adjustment-note-reference.ts';

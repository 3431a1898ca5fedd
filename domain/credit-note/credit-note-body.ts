import type { NoteBody } from '../notes/note-body.ts';

/** Credit note body: concept of the credit-note catalog (1–6), bill_number or billing_period, customer, items... */
export type CreditNoteBody = NoteBody;

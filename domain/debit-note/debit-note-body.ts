import type { NoteBody } from '../notes/note-body.ts';

/** Debit note body: concept of the debit-note catalog (1–4), bill_number or billing_period, customer, items... */
export type DebitNoteBody = NoteBody;

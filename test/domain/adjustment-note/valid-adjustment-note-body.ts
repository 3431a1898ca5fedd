import type { AdjustmentNoteBody } from '../../../domain/adjustment-note/adjustment-note-body.ts';
import { supportDocumentItem, validProvider } from '../support-document/valid-support-document-body.ts';

/** A price adjustment to the Factus DS example: one unit at 50000 less 20 %, IVA 19 %, ReteRenta 3.5 % → 47600.00. */
export function validAdjustmentNoteBody(concept = '4'): AdjustmentNoteBody {
  return {
    support_document_number: 'SEDS984000129',
    concept,
    provider: validProvider(),
    items: [supportDocumentItem('50000.00', '1.00')],
    payment_details: [{ payment_form: '1', payment_method_code: '42', amount: '47600.00' }],
    observation: 'Ajuste de precio',
  };
}

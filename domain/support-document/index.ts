export type { SupportDocumentBody, SupportDocumentItem, SupportDocumentProvider, WithholdingTax } from './support-document-body.ts';
export type { SupportDocumentLineTotals, SupportDocumentTotals, WithholdingSubtotal } from './support-document-totals.ts';
export { checkSupportDocumentRules } from './support-document-rules.ts';
export { normalizeSupportDocument } from './normalize-support-document.ts';
export { computeSupportDocumentTotals } from './compute-support-document-totals.ts';
export { supportDocumentReference, supportDocumentVoidsReference } from './support-document-reference.ts';
export { supportDocumentCudsFields } from './support-document-cuds-fields.ts';

export type { SupportDocumentBody } from './support-document-body.ts';
export type { SupportDocumentTotals } from './support-document-totals.ts';
export { checkSupportDocumentRules } from './support-document-rules.ts';
export { normalizeSupportDocument } from './normalize-support-document.ts';
export { computeSupportDocumentTotals } from './compute-support-document-totals.ts';

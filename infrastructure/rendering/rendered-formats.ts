import type { ArtifactFormat } from '../../application/ports/artifact.ts';
import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';

const SALE: readonly ArtifactFormat[] = ['pdf', 'xml', 'attached-xml', 'zip'];
const PURCHASE: readonly ArtifactFormat[] = ['pdf', 'xml'];
const PAYROLL: readonly ArtifactFormat[] = ['xml'];

/** What a provider that renders from the document (the sandbox, DIAN direct) can build for each family; payroll documents have no graphic representation. */
export const RENDERED_FORMATS: Readonly<Record<DocumentFamilyName, readonly ArtifactFormat[]>> = {
  'sales-invoice': SALE,
  'credit-note': SALE,
  'debit-note': SALE,
  'support-document': PURCHASE,
  'adjustment-note': PURCHASE,
  payroll: PAYROLL,
  'payroll-adjustment': PAYROLL,
};

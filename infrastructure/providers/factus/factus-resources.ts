import type { ArtifactFormat } from '../../../application/ports/artifact.ts';
import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';

/** Where one family lives in Factus API v2 (reference §1.2). */
export interface FactusResource {
  create: string;
  /** DELETE of a document not validated, by our document id (its reference code). */
  remove(reference: string): string;
  /** GET answering the document by reference code: a filtered list, or a document of its own (payrolls). */
  find(reference: string): { path: string; listed: boolean };
  show(number: string): string;
  /** Download paths by format; a format missing here is one Factus does not serve for the family. */
  downloads: Partial<Record<ArtifactFormat, (number: string) => string>>;
  uniqueCode: 'cufe' | 'cude' | 'cuds' | 'cune';
}

const code = encodeURIComponent;

function commercial(base: string, uniqueCode: FactusResource['uniqueCode'], removePath: string, email: boolean): FactusResource {
  return {
    create: `${base}/validate`,
    remove: (reference) => `${removePath}/${code(reference)}`,
    find: (reference) => ({ path: `${base}?filter[reference_code]=${code(reference)}`, listed: true }),
    show: (number) => `${base}/${code(number)}`,
    downloads: {
      pdf: (number) => `${base}/${code(number)}/download-pdf`,
      xml: (number) => `${base}/${code(number)}/download-xml`,
      ...(email && {
        'attached-xml': (number: string) => `${base}/${code(number)}/download-attached-document-xml`,
        zip: (number: string) => `${base}/${code(number)}/email-content`,
      }),
    },
    uniqueCode,
  };
}

function payroll(base: string): FactusResource {
  return {
    create: base,
    remove: (reference) => `${base}/reference/${code(reference)}`,
    find: (reference) => ({ path: `${base}/reference/${code(reference)}`, listed: false }),
    show: (number) => `${base}/${code(number)}`,
    downloads: { xml: (number) => `${base}/${code(number)}/download-xml` },
    uniqueCode: 'cune',
  };
}

/** Bills delete under `destroy/`, the other documents directly under `reference/` (§1.2). */
export const FACTUS_RESOURCES: Readonly<Record<DocumentFamilyName, FactusResource>> = {
  'sales-invoice': commercial('/v2/bills', 'cufe', '/v2/bills/destroy/reference', true),
  'credit-note': commercial('/v2/credit-notes', 'cude', '/v2/credit-notes/reference', true),
  'debit-note': commercial('/v2/debit-notes', 'cude', '/v2/debit-notes/reference', true),
  'support-document': commercial('/v2/support-documents', 'cuds', '/v2/support-documents/reference', false),
  'adjustment-note': commercial('/v2/adjustment-notes', 'cuds', '/v2/adjustment-notes/reference', false),
  payroll: payroll('/v2/payrolls'),
  'payroll-adjustment': payroll('/v2/adjustment-payrolls'),
};

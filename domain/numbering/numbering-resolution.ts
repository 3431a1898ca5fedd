import type { DocumentFamilyName } from '../documents/document-family.ts';

/** A DIAN numbering resolution a company registered: the numbers `{prefix}{from}` to `{prefix}{to}`, valid between two dates. */
export interface NumberingResolution {
  /** Ours; `habilitacion-<family>` for DIAN's habilitación range used by default in the test environment. */
  id: string;
  tenantId: string;
  environment: string;
  family: DocumentFamilyName;
  prefix: string;
  from: number;
  to: number;
  /** The resolution number DIAN gave (InvoiceAuthorization). */
  number: string;
  /** YYYY-MM-DD, inclusive. */
  validFrom: string;
  validTo: string;
  /** ClTec of the range: enters the CUFE of sales invoices. */
  technicalKey: string | null;
  registeredAt: string;
  retiredAt: string | null;
}

/** What a company sends to register a resolution (CLI or operator API). */
export interface ResolutionInput {
  environment: string;
  family: string;
  prefix: string;
  from: number;
  to: number;
  number: string;
  validFrom: string;
  validTo: string;
  technicalKey?: string | null;
}

export const sizeOf = (resolution: Pick<NumberingResolution, 'from' | 'to'>): number => resolution.to - resolution.from + 1;

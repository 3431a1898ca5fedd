import type { ValidationIssue } from '../shared/validation-issue.ts';

const FAMILY_NAMES = [
  'sales-invoice',
  'credit-note',
  'debit-note',
  'support-document',
  'adjustment-note',
  'payroll',
  'payroll-adjustment',
] as const;
export type DocumentFamilyName = (typeof FAMILY_NAMES)[number];

/** A document this one names in its body and must exist, validated, before it can be issued. */
export interface ReferenceRequest {
  /** Body field that carries the number, e.g. `bill_number`. */
  field: string;
  family: DocumentFamilyName;
  number: string;
}

/** The referenced document as it stood when this one was issued. */
export interface ResolvedReference {
  family: DocumentFamilyName;
  documentId: string;
  number: string;
  uniqueCode: string;
  issueDate: string;
  /**
   * The referenced document's counterparty object as it recorded it (the invoice's customer, the support
   * document's provider), for a note that omits its own; not recorded with the reference.
   */
  party?: Record<string, unknown>;
}

/** A body held to its family's issuance rules: what breaks them, or what the document records. */
export type IssuanceCheck =
  | { passed: false; issues: ValidationIssue[] }
  | { passed: true; body: Record<string, unknown>; totals: Record<string, unknown> };

/** What differs between document families; everything else (lifecycle, submission, lists) is shared. */
export interface DocumentFamily {
  name: DocumentFamilyName;
  /** Event-store stream category: `${streamCategory}-${documentId}`. */
  streamCategory: string;
  /** Name of the DIAN unique code on this family's record: cufe, cude, cuds or cune. */
  uniqueCodeName: 'cufe' | 'cude' | 'cuds' | 'cune';
  /** DIAN document type code (01, 91, 92, 05, 95, 102, 103). */
  typeCode: string;
  checkRules(body: Record<string, unknown>): ValidationIssue[];
  /** The rules run once; when they pass, the body with its defaults and its totals, computed once (the rules' too). */
  checkIssuance(body: Record<string, unknown>): IssuanceCheck;
  /** The body with the family's defaults filled in (run after checkRules). */
  normalize(body: Record<string, unknown>): Record<string, unknown>;
  computeTotals(body: Record<string, unknown>): Record<string, unknown>;
  /** Who the document is addressed to (customer, provider or worker), for lists and the sandbox. */
  counterparty(body: Record<string, unknown>): { identification: string; name: string };
  /** Body field holding the counterparty object (customer or provider); null for bodies shaped otherwise (payroll). */
  partyField: 'customer' | 'provider' | null;
  /** The family this one's documents may reference (notes → invoices, adjustments → support documents, ...). */
  referencedFamily: DocumentFamilyName | null;
  /** The document this one references, when its body names one. */
  reference(body: Record<string, unknown>): ReferenceRequest | null;
  /** Whether validating this document voids the one it references (annulment notes, payroll deletion). */
  voidsReference(body: Record<string, unknown>): boolean;
}

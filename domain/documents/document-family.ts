import type { ValidationIssue } from '../shared/validation-issue.ts';

export type DocumentFamilyName = 'sales-invoice';

/** What differs between document families; everything else (lifecycle, submission, lists) is shared. */
export interface DocumentFamily {
  name: DocumentFamilyName;
  /** Event-store stream category: `${streamCategory}-${documentId}`. */
  streamCategory: string;
  /** Name of the DIAN unique code on this family's record: cufe, cude, cuds or cune. */
  uniqueCodeName: 'cufe' | 'cude' | 'cuds' | 'cune';
  /** DIAN document type code. */
  typeCode: string;
  checkRules(body: Record<string, unknown>): ValidationIssue[];
  /** The body with the family's defaults filled in (run after checkRules). */
  normalize(body: Record<string, unknown>): Record<string, unknown>;
  computeTotals(body: Record<string, unknown>): Record<string, unknown>;
  /** Who the document is addressed to, for lists. */
  counterparty(body: Record<string, unknown>): { identification: string; name: string };
}

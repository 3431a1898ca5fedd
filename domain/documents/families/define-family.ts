import type { ValidationIssue } from '../../shared/validation-issue.ts';
import type { DocumentFamily, DocumentFamilyName } from '../document-family.ts';
import { partyOf } from './party-of.ts';

type Body = Record<string, unknown>;

/** A family's pieces with their own body types; adapted once here to the shared DocumentFamily shape. */
export interface FamilyParts<B> {
  name: DocumentFamilyName;
  streamCategory: string;
  uniqueCodeName: DocumentFamily['uniqueCodeName'];
  typeCode: string;
  rules(body: B): ValidationIssue[];
  normalize(body: B): B;
  totals(body: B): object;
  /** Body field holding the counterparty, or a function for bodies shaped otherwise (payroll). */
  counterparty: 'customer' | 'provider' | ((body: B) => { identification: string; name: string });
  reference?: { family: DocumentFamilyName; of(body: B): { field: string; number: string } | null };
  voids?(body: B): boolean;
}

export function defineFamily<B>(parts: FamilyParts<B>): DocumentFamily {
  const { counterparty, reference } = parts;
  return {
    name: parts.name,
    streamCategory: parts.streamCategory,
    uniqueCodeName: parts.uniqueCodeName,
    typeCode: parts.typeCode,
    checkRules: (body) => parts.rules(body as B),
    normalize: (body) => parts.normalize(body as B) as Body,
    computeTotals: (body) => parts.totals(body as B) as Body,
    counterparty: (body) => (typeof counterparty === 'function' ? counterparty(body as B) : partyOf(body[counterparty])),
    referencedFamily: reference?.family ?? null,
    reference: (body) => {
      const found = reference?.of(body as B);
      return found && reference ? { ...found, family: reference.family } : null;
    },
    voidsReference: (body) => parts.voids?.(body as B) ?? false,
  };
}

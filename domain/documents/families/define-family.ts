import type { ValidationIssue } from '../../shared/validation-issue.ts';
import type { DocumentFamily, DocumentFamilyName, IssuanceCheck } from '../document-family.ts';
import { partyOf } from './party-of.ts';

type Body = Record<string, unknown>;

/** A family's pieces with their own body and totals types; adapted once here to the shared DocumentFamily shape. */
interface FamilyParts<B, T extends object> {
  name: DocumentFamilyName;
  streamCategory: string;
  uniqueCodeName: DocumentFamily['uniqueCodeName'];
  typeCode: string;
  /** `totals` gives the totals of the body with its defaults, computed on first call; rules that compare amounts use it. */
  rules(body: B, totals: () => T): ValidationIssue[];
  normalize(body: B): B;
  totals(body: B): T;
  /** Body field holding the counterparty, or a function for bodies shaped otherwise (payroll). */
  counterparty: 'customer' | 'provider' | ((body: B) => { identification: string; name: string });
  reference?: { family: DocumentFamilyName; of(body: B): { field: string; number: string } | null };
  voids?(body: B): boolean;
}

export function defineFamily<B, T extends object>(parts: FamilyParts<B, T>): DocumentFamily {
  const { counterparty, reference } = parts;
  /** The rules' issues, with the normalized body and its totals at hand, each computed at most once. */
  const assess = (body: Body) => {
    let normalized: B | undefined;
    let totals: T | undefined;
    const normalizedBody = () => (normalized ??= parts.normalize(body as B));
    const totalsOf = () => (totals ??= parts.totals(normalizedBody()));
    return { issues: parts.rules(body as B, totalsOf), normalizedBody, totalsOf };
  };
  const checkIssuance = (body: Body): IssuanceCheck => {
    const { issues, normalizedBody, totalsOf } = assess(body);
    if (issues.length > 0) return { passed: false, issues };
    return { passed: true, body: normalizedBody() as Body, totals: totalsOf() as Body };
  };
  return {
    name: parts.name,
    streamCategory: parts.streamCategory,
    uniqueCodeName: parts.uniqueCodeName,
    typeCode: parts.typeCode,
    checkRules: (body) => assess(body).issues,
    checkIssuance,
    normalize: (body) => parts.normalize(body as B) as Body,
    computeTotals: (body) => parts.totals(body as B) as Body,
    counterparty: (body) => (typeof counterparty === 'function' ? counterparty(body as B) : partyOf(body[counterparty])),
    partyField: typeof counterparty === 'function' ? null : counterparty,
    referencedFamily: reference?.family ?? null,
    reference: (body) => {
      const found = reference?.of(body as B);
      return found && reference ? { ...found, family: reference.family } : null;
    },
    voidsReference: (body) => parts.voids?.(body as B) ?? false,
  };
}

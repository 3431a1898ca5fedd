import type { DocumentFamilyName, ResolvedReference } from '../../../domain/documents/document-family.ts';
import { initialDocumentState, type DocumentState } from '../../../domain/documents/document-state.ts';
import type { AuthorityMessage } from '../../../domain/documents/authority-message.ts';
import { familyNamed } from '../../../domain/documents/families/index.ts';
import { documentUniqueCode } from '../../../domain/unique-codes/document-unique-code.ts';

export interface StateOptions {
  number: string;
  reference?: ResolvedReference | null;
  environment?: 'test' | 'live';
  warnings?: AuthorityMessage[];
  issuer?: DocumentState['issuer'];
}

/** A validated document folded by hand, as the sandbox would have left it: no HTTP, no store. */
export function validatedState(family: DocumentFamilyName, body: Record<string, unknown>, options: StateOptions): DocumentState {
  const definition = familyNamed(family);
  const issues = definition.checkRules(body);
  if (issues.length > 0) throw new Error(`${family} body breaks the rules: ${JSON.stringify(issues)}`);
  const normalized = definition.normalize(body);
  const state: DocumentState = {
    ...initialDocumentState(),
    status: 'validated',
    id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    family,
    tenantId: 'tenant',
    environment: options.environment ?? 'test',
    issuer: options.issuer ?? { nit: '900825759', dv: '7', legal_name: 'HALLTEC S.A.S.', trade_name: 'Halltec' },
    reference: options.reference ?? null,
    body: normalized,
    totals: definition.computeTotals(normalized),
    issueDate: '2026-03-02',
    issueTime: '23:59:58-05:00',
    createdAt: '2026-03-03T04:59:58.000Z',
    updatedAt: '2026-03-03T04:59:59.000Z',
    number: options.number,
    validatedAt: '2026-03-03T04:59:59.500Z',
    warnings: options.warnings ?? [],
  };
  return { ...state, uniqueCode: documentUniqueCode(state, options.number) };
}

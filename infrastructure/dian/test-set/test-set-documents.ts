import { v5 as uuidv5 } from 'uuid';
import { canonicalHash } from '../../../application/documents/canonical-hash.ts';
import { numberedDocument } from '../../../application/numbering/numbered-document.ts';
import type { SoftwareKeys } from '../../../application/numbering/software-identities.ts';
import type { CreateDocument } from '../../../domain/documents/document-commands.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import type { DocumentFamilyName, ResolvedReference } from '../../../domain/documents/document-family.ts';
import { initialDocumentState, type DocumentState } from '../../../domain/documents/document-state.ts';
import { familyNamed } from '../../../domain/documents/families/index.ts';
import type { Issuer } from '../../../domain/documents/issuer.ts';
import { TEST_SET_NUMBERS } from '../../../domain/habilitacion/test-set-runs.ts';
import { habilitacionResolution } from '../../../domain/numbering/habilitacion.ts';
import type { NumberingResolution } from '../../../domain/numbering/numbering-resolution.ts';

const ID_NAMESPACE = '3b0f8f52-5d7c-4f6e-9a51-7c2d41e0b6a9';

/** Who issues a run's documents, when, and with which software (the test environment's, PIN opened). */
export interface TestSetIssuing {
  runId: string;
  tenantId: string;
  issuer: Issuer;
  software: SoftwareKeys;
  now: Date;
}

/**
 * The resolution a test set numbers on: DIAN's habilitación one (SETP with its technical key for invoices; NC, ND, NE,
 * NIAE for the others), over the test set's consecutives 990000000–995000000 so every document of every run has its own.
 */
export function testSetResolution(tenantId: string, family: DocumentFamilyName): NumberingResolution {
  return { ...habilitacionResolution(tenantId, family), from: TEST_SET_NUMBERS.from, to: TEST_SET_NUMBERS.to };
}

/**
 * A test environment document as the service would create it from `body` (the family's rules, defaults and totals),
 * numbered `{prefix}{consecutive}` with its unique code; never recorded as a document. Throws the family's
 * DocumentValidationError if the body breaks a rule.
 */
export function testSetDocument(issuing: TestSetIssuing, family: DocumentFamilyName, consecutive: number, body: Record<string, unknown>, reference: ResolvedReference | null): DocumentState {
  const documentId = uuidv5(`${issuing.runId}|${consecutive}`, ID_NAMESPACE);
  const command: CreateDocument = {
    type: 'CreateDocument',
    family: familyNamed(family),
    documentId,
    tenantId: issuing.tenantId,
    environment: 'test',
    transactionId: documentId,
    idempotencyKey: `dian-test-set-${issuing.runId}-${consecutive}`,
    requestHash: canonicalHash(body),
    issuer: issuing.issuer,
    reference,
    body,
    now: issuing.now,
  };
  const created = documentDecider.decide(command, initialDocumentState()).reduce(documentDecider.evolve, initialDocumentState());
  const resolution = testSetResolution(issuing.tenantId, family);
  return numberedDocument(created, { number: `${resolution.prefix}${consecutive}`, resolution, software: issuing.software });
}

/** How a note (or payroll adjustment) of the set names `document`. */
export function referenceTo(document: DocumentState): ResolvedReference {
  const field = familyNamed(document.family as DocumentFamilyName).partyField;
  const party = field ? (document.body[field] as Record<string, unknown> | undefined) : undefined;
  return {
    family: document.family as DocumentFamilyName,
    documentId: document.id,
    number: document.number as string,
    uniqueCode: document.uniqueCode as string,
    issueDate: document.issueDate,
    ...(party && { party }),
  };
}

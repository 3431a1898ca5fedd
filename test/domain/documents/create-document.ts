import { expect } from 'chai';
import type { CreateDocument } from '../../../domain/documents/document-commands.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { DocumentValidationError } from '../../../domain/documents/document-errors.ts';
import type { DocumentCreated } from '../../../domain/documents/document-events.ts';
import type { DocumentFamily } from '../../../domain/documents/document-family.ts';
import type { ValidationIssue } from '../../../domain/shared/validation-issue.ts';
import { deciderSpec } from '../../support/decider-spec.ts';

const spec = deciderSpec(documentDecider);

/** A CreateDocument of `family` for `body`, with fixed ids, issuer and instant. */
export function createDocument(family: DocumentFamily, body: object, overrides: Partial<CreateDocument> = {}): CreateDocument {
  return {
    type: 'CreateDocument',
    family,
    documentId: 'note-1',
    tenantId: 'tenant-1',
    environment: 'test',
    transactionId: 'tx-1',
    idempotencyKey: 'key-1',
    requestHash: 'hash-1',
    issuer: { nit: '900825759', dv: '7', legal_name: 'Emisor SAS', trade_name: 'Emisor' },
    body: body as Record<string, unknown>,
    now: new Date('2024-03-01T15:30:00.000Z'),
    ...overrides,
  };
}

/** What a new document records when `command` creates it. */
export function createdData(command: CreateDocument): DocumentCreated['data'] {
  const [event] = spec.given().when(command).events;
  if (event?.type !== 'DocumentCreated') return expect.fail(`expected DocumentCreated, got ${event?.type}`);
  return event.data;
}

/** The issues of the DocumentValidationError that refuses `command`. */
export function issuesOf(command: CreateDocument): ValidationIssue[] {
  const error = spec.given().refused(command);
  expect(error).to.be.instanceOf(DocumentValidationError);
  return (error as DocumentValidationError).issues;
}

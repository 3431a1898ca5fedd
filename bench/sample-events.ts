import { createHash, randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import { canonicalHash } from '../application/documents/canonical-hash.ts';
import { metadataFor, type RequestContext } from '../application/event-sourcing/request-context.ts';
import type { EventData } from '../application/ports/event-store.ts';
import { documentDecider } from '../domain/documents/document-decider.ts';
import type { DocumentEvent } from '../domain/documents/document-events.ts';
import type { Issuer } from '../domain/documents/issuer.ts';
import type { DocumentState } from '../domain/documents/document-state.ts';
import { documentStreamId, salesInvoiceFamily } from '../domain/documents/families/index.ts';
import { sampleInvoice } from '../test/support/sample-invoice.ts';

/** One tenant's documents, written the way the service writes them: through the document decider. */
interface BenchTenant {
  tenantId: string;
  environment: 'test';
  keyId: string;
  issuer: Issuer;
}

export function benchTenant(): BenchTenant {
  return {
    tenantId: randomUUID(),
    environment: 'test',
    keyId: 'BenchKey0001',
    issuer: { nit: '900123456', dv: '8', legal_name: 'Empresa Demo S.A.S.', trade_name: 'Demo' },
  };
}

export interface DocumentHistory {
  streamId: string;
  /** DocumentCreated (appended by the API), then DocumentSubmissionStarted and DocumentValidated (the process manager). */
  created: EventData;
  started: EventData;
  validated: EventData;
}

/** The sandbox numbers sales invoices from DIAN's habilitación range: SETP990000000 onwards. */
const NUMBER_PREFIX = 'SETP';
const FIRST_NUMBER = 990_000_000;

/** A CUFE-shaped unique code (SHA-384 hex of the document's key fields), without depending on the sandbox's internals. */
function uniqueCode(state: DocumentState, number: string): string {
  const fields = [number, state.issueDate, state.issueTime, String(state.totals.payable_amount ?? ''), state.issuer?.nit ?? '', state.id];
  return createHash('sha384').update(fields.join('')).digest('hex');
}

const ID_NAMESPACE = '6f1d3c2e-8a4b-5c6d-9e0f-1a2b3c4d5e6f';
const BODY = sampleInvoice();
const REQUEST_HASH = canonicalHash(BODY);

const benchIdempotencyKey = (sequence: number) => `bench-${sequence.toString().padStart(8, '0')}`;

/** A document id as the service makes one (a name-based UUID of the idempotency key): scattered, not in order. */
export function benchDocumentId(tenant: BenchTenant, sequence: number): string {
  return uuidv5(`${tenant.tenantId}|${tenant.environment}|${salesInvoiceFamily.name}|${benchIdempotencyKey(sequence)}`, ID_NAMESPACE);
}

/**
 * The three events of a sales invoice that the sandbox validates, produced by `documentDecider` from the same
 * commands IssueDocument and the SubmissionProcessManager send (sample body, real totals, a CUFE-shaped code), with the
 * metadata AggregateStore attaches. `sequence` makes the idempotency key, number and timestamps distinct.
 */
export function documentHistory(tenant: BenchTenant, sequence: number, at: Date = new Date()): DocumentHistory {
  const idempotencyKey = benchIdempotencyKey(sequence);
  const documentId = benchDocumentId(tenant, sequence);
  const streamId = documentStreamId(salesInvoiceFamily, documentId);
  const requestId = randomUUID();
  const api: RequestContext = { tenantId: tenant.tenantId, environment: tenant.environment, actor: tenant.keyId, correlationId: requestId };

  let state: DocumentState = documentDecider.initialState();
  const decide = (command: Parameters<typeof documentDecider.decide>[0]): DocumentEvent => {
    const [event] = documentDecider.decide(command, state);
    state = documentDecider.evolve(state, event);
    return event;
  };

  const created = decide({
    type: 'CreateDocument',
    family: salesInvoiceFamily,
    documentId,
    tenantId: tenant.tenantId,
    environment: tenant.environment,
    transactionId: randomUUID(),
    idempotencyKey,
    requestHash: REQUEST_HASH,
    issuer: tenant.issuer,
    body: BODY,
    now: at,
  });
  const createdId = randomUUID();
  const worker: RequestContext = { ...api, actor: 'system:submission', causationId: createdId };
  const started = decide({ type: 'StartSubmission', leaseMs: 60_000, now: new Date(at.getTime() + 5) });
  const number = `${NUMBER_PREFIX}${FIRST_NUMBER + sequence}`;
  const validatedAt = new Date(at.getTime() + 60).toISOString();
  const validated = decide({
    type: 'RecordOutcome',
    outcome: { kind: 'validated', number, uniqueCode: uniqueCode(state, number), validatedAt, warnings: [] },
    now: new Date(at.getTime() + 61),
  });

  const toData = (event: DocumentEvent, context: RequestContext, id?: string): EventData => ({
    ...(id && { id }),
    type: event.type,
    data: event.data as unknown as Record<string, unknown>,
    metadata: metadataFor(context),
  });
  return {
    streamId,
    created: toData(created, api, createdId),
    started: toData(started, worker),
    validated: toData(validated, worker),
  };
}

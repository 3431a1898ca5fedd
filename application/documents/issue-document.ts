import type { CreateDocument } from '../../domain/documents/document-commands.ts';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import { DocumentAlreadyExistsError, DocumentValidationError } from '../../domain/documents/document-errors.ts';
import type { DocumentFamily, ResolvedReference } from '../../domain/documents/document-family.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { documentStreamId } from '../../domain/documents/families/index.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { TenantDirectory } from '../tenancy/tenant-directory.ts';
import { canonicalHash } from './canonical-hash.ts';
import { issuedDocumentId } from './document-id.ts';
import { IdempotencyConflictError } from './document-errors.ts';
import { abandonIssuance, checkIssuance, type IssuancePrecondition } from './issuance-precondition.ts';
import type { ReferenceResolver } from './reference-resolver.ts';
import type { VoidClaims } from './void-claims.ts';

interface IssueDocumentInput {
  family: DocumentFamily;
  idempotencyKey: string;
  body: Record<string, unknown>;
  context: RequestContext;
}

interface IssueDocumentResult {
  document: DocumentState;
  /** False when the key was seen before with the same request: nothing was created. */
  created: boolean;
  position: bigint | null;
}

/** The document a body names, found, or why it could not be (for the decider to report with the rules' issues). */
type Resolution = Pick<CreateDocument, 'reference' | 'referenceIssue'>;

/**
 * The document id is derived from (tenant, environment, family, Idempotency-Key), so creating it is a single
 * append with no_stream: concurrent requests with one key race on the same stream and exactly one wins.
 */
export class IssueDocument {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly tenants: TenantDirectory,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly references?: ReferenceResolver,
    private readonly voidClaims?: VoidClaims,
    private readonly preconditions: readonly IssuancePrecondition[] = [],
  ) {}

  async execute(input: IssueDocumentInput): Promise<IssueDocumentResult> {
    const { family, idempotencyKey, body, context } = input;
    const documentId = issuedDocumentId(context.tenantId, context.environment, family.name, idempotencyKey);
    const streamId = documentStreamId(family, documentId);
    const requestHash = canonicalHash(body);

    const existing = await this.aggregates.load(streamId, documentDecider);
    if (existing.state.status !== 'none') return replay(existing.state, requestHash);

    const { reference, referenceIssue } = await this.resolveReference(family, body, context);
    const issuer = await this.tenants.issuer(context.tenantId);
    const command: CreateDocument = {
      type: 'CreateDocument',
      family,
      documentId,
      tenantId: context.tenantId,
      environment: context.environment,
      transactionId: this.ids.uuid(),
      idempotencyKey,
      requestHash,
      issuer,
      reference,
      referenceIssue,
      body,
      now: this.clock.now(),
    };
    // Decided before any void claim, so a document that breaks a rule claims nothing; appended as decided.
    const events = documentDecider.decide(command, existing.state);
    const request = { family, documentId, body, context };
    await checkIssuance(this.preconditions, request);
    try {
      if (reference && family.voidsReference(body)) await this.claimVoid(family, documentId, reference, body, context);
      const handled = await this.aggregates.handle(streamId, documentDecider, command, context, existing, events);
      return { document: handled.state, created: true, position: handled.position };
    } catch (error) {
      if (!(error instanceof DocumentAlreadyExistsError)) {
        await abandonIssuance(this.preconditions, request);
        throw error;
      }
      const { state } = await this.aggregates.load(streamId, documentDecider);
      return replay(state, requestHash);
    }
  }

  private async claimVoid(family: DocumentFamily, documentId: string, target: ResolvedReference, body: Record<string, unknown>, context: RequestContext) {
    if (!this.voidClaims) throw new Error(`${family.name} voids documents but no void claims were configured`);
    const issue = await this.voidClaims.claim({ family, documentId }, target, family.reference(body)?.field ?? 'reference', context);
    if (issue) throw new DocumentValidationError([issue]);
  }

  private async resolveReference(family: DocumentFamily, body: Record<string, unknown>, context: RequestContext): Promise<Resolution> {
    const request = family.reference(body);
    if (!request) return { reference: null };
    if (!this.references) throw new Error(`${family.name} references other documents but no reference resolver was configured`);
    const resolved: ResolvedReference | ValidationIssue = await this.references.resolve(request, context);
    return 'message' in resolved ? { reference: null, referenceIssue: resolved } : { reference: resolved };
  }
}

function replay(state: DocumentState, requestHash: string): IssueDocumentResult {
  if (state.requestHash !== requestHash) throw new IdempotencyConflictError(state.id);
  return { document: state, created: false, position: null };
}

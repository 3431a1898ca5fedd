import { v5 as uuidv5 } from 'uuid';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import { canonicalHash } from '../documents/canonical-hash.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { TenantDirectory } from '../tenancy/tenant-directory.ts';
import { invoiceStreamId } from './load-invoice.ts';

const DRAFT_ID_NAMESPACE = '0b4f3a52-7c1e-5d2a-9f6b-3e8d1c2a4b5f';

/**
 * A sales-invoice draft, stored as sent (its shape was checked by the caller; the rules run at finalize). The id is
 * derived from the Idempotency-Key, so a create that runs twice writes one draft.
 */
export class CreateDraft {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly tenants: TenantDirectory,
    private readonly clock: Clock,
  ) {}

  async execute(idempotencyKey: string, body: Record<string, unknown>, context: RequestContext): Promise<DocumentState> {
    const documentId = uuidv5(`${context.tenantId}|${context.environment}|sales-invoice|draft|${idempotencyKey}`, DRAFT_ID_NAMESPACE);
    const handled = await this.aggregates.handle(
      invoiceStreamId(documentId),
      documentDecider,
      {
        type: 'DraftDocument',
        family: salesInvoiceFamily,
        documentId,
        tenantId: context.tenantId,
        environment: context.environment,
        idempotencyKey,
        requestHash: canonicalHash(body),
        issuer: await this.tenants.issuer(context.tenantId),
        body,
        now: this.clock.now(),
      },
      context,
    );
    return handled.state;
  }
}

import { createHash } from 'node:crypto';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import { checkIssuance, type IssuancePrecondition } from '../documents/issuance-precondition.ts';
import type { TenantDirectory } from '../tenancy/tenant-directory.ts';
import { invoiceStreamId, loadInvoice } from './load-invoice.ts';

/**
 * issued → pending: the submission process manager takes it from there. The request key is recorded on the
 * document, so the same request running twice (a retry after a crash) transmits once and answers the same. The
 * company is recorded again as it is now (profile included), the one the preconditions checked: a draft written
 * before the profile was completed goes out with the complete one.
 */
export class TransmitInvoice {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly tenants: TenantDirectory,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly preconditions: readonly IssuancePrecondition[] = [],
  ) {}

  async execute(id: string, idempotencyKey: string, context: RequestContext): Promise<DocumentState> {
    const loaded = await loadInvoice(this.aggregates, id, context);
    const requestKey = createHash('sha256').update(idempotencyKey).digest('hex');
    // Only an invoice about to leave `issued` is checked: a repeated request answers from the document as it is.
    if (loaded.state.status === 'issued') {
      await checkIssuance(this.preconditions, { family: salesInvoiceFamily, documentId: id, body: loaded.state.body, context });
    }
    const handled = await this.aggregates.handle(
      invoiceStreamId(id),
      documentDecider,
      {
        type: 'RequestTransmission',
        family: salesInvoiceFamily,
        transactionId: this.ids.uuid(),
        requestKey,
        issuer: await this.tenants.issuer(context.tenantId),
        now: this.clock.now(),
      },
      context,
      loaded,
    );
    return handled.state;
  }
}

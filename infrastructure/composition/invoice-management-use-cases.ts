import type { DocumentRow } from '../../application/documents/document-row.ts';
import type { IssuancePrecondition } from '../../application/documents/issuance-precondition.ts';
import { GetDocument } from '../../application/documents/get-document.ts';
import { RenderArtifact } from '../../application/documents/render-artifact.ts';
import type { AggregateStore } from '../../application/event-sourcing/aggregate-store.ts';
import { CreateDraft } from '../../application/invoice-management/create-draft.ts';
import { DiscardDraft } from '../../application/invoice-management/discard-draft.ts';
import { EditDraft } from '../../application/invoice-management/edit-draft.ts';
import { FinalizeInvoice } from '../../application/invoice-management/finalize-invoice.ts';
import { GetIdentity } from '../../application/invoice-management/get-identity.ts';
import { GetInvoice } from '../../application/invoice-management/get-invoice.ts';
import { IdempotentRequests } from '../../application/invoice-management/idempotent-requests.ts';
import type { InvoiceManagementUseCases } from '../../application/invoice-management/invoice-management-use-cases.ts';
import { InvoiceArtifact } from '../../application/invoice-management/invoice-artifact.ts';
import { ListInvoices } from '../../application/invoice-management/list-invoices.ts';
import { TransmitInvoice } from '../../application/invoice-management/transmit-invoice.ts';
import type { VisibilityWatermarks } from '../../application/invoice-management/visibility-watermarks.ts';
import type { Clock } from '../../application/ports/clock.ts';
import type { DocumentProvider } from '../../application/ports/document-provider.ts';
import type { IdGenerator } from '../../application/ports/id-generator.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import type { TenantDirectory } from '../../application/tenancy/tenant-directory.ts';
import type { CompanyWarningSource } from '../../application/tenancy/company-warnings.ts';
import type { Config } from '../config/config.ts';
import { KeyRateLimiter } from '../rate-limiting/key-rate-limiter.ts';

interface InvoiceManagementParts {
  config: Config;
  aggregates: AggregateStore;
  tenants: TenantDirectory;
  apiKeys: ApiKeys;
  documents: ReadModelCollection<DocumentRow>;
  watermarks: VisibilityWatermarks;
  provider: DocumentProvider;
  clock: Clock;
  ids: IdGenerator;
  issuancePreconditions: readonly IssuancePrecondition[];
  warningSources: readonly CompanyWarningSource[];
}

/** Wires the use cases of the invoice management face (seed 001). */
export function invoiceManagementUseCases({ config, aggregates, tenants, apiKeys, documents, watermarks, provider, clock, ids, issuancePreconditions, warningSources }: InvoiceManagementParts): InvoiceManagementUseCases {
  return {
    identity: new GetIdentity(apiKeys, tenants, clock, warningSources),
    getInvoice: new GetInvoice(aggregates),
    listInvoices: new ListInvoices(documents, watermarks),
    createDraft: new CreateDraft(aggregates, tenants, clock),
    editDraft: new EditDraft(aggregates, clock),
    finalizeInvoice: new FinalizeInvoice(aggregates, clock),
    discardDraft: new DiscardDraft(aggregates, clock),
    transmitInvoice: new TransmitInvoice(aggregates, tenants, clock, ids, issuancePreconditions),
    invoiceArtifact: new InvoiceArtifact(aggregates, new RenderArtifact(new GetDocument(aggregates), provider)),
    idempotency: new IdempotentRequests(aggregates, clock),
    rateLimiter: new KeyRateLimiter({
      requests: config.integrationsRateLimit,
      windowSeconds: config.integrationsRateWindowSeconds,
      dataDir: config.dataDir,
      mongodbUrl: config.mongodbUrl,
    }),
  };
}

import type { DocumentRow } from '../../application/documents/document-row.ts';
import { GetDocument } from '../../application/documents/get-document.ts';
import { RenderArtifact } from '../../application/documents/render-artifact.ts';
import type { AggregateStore } from '../../application/event-sourcing/aggregate-store.ts';
import { CreateDraft } from '../../application/integrations/create-draft.ts';
import { DiscardDraft } from '../../application/integrations/discard-draft.ts';
import { EditDraft } from '../../application/integrations/edit-draft.ts';
import { FinalizeInvoice } from '../../application/integrations/finalize-invoice.ts';
import { GetIdentity } from '../../application/integrations/get-identity.ts';
import { GetInvoice } from '../../application/integrations/get-invoice.ts';
import { IdempotentRequests } from '../../application/integrations/idempotent-requests.ts';
import type { IntegrationUseCases } from '../../application/integrations/integration-use-cases.ts';
import { InvoiceArtifact } from '../../application/integrations/invoice-artifact.ts';
import { ListInvoices } from '../../application/integrations/list-invoices.ts';
import { TransmitInvoice } from '../../application/integrations/transmit-invoice.ts';
import type { VisibilityWatermarks } from '../../application/integrations/visibility-watermarks.ts';
import type { Clock } from '../../application/ports/clock.ts';
import type { DocumentProvider } from '../../application/ports/document-provider.ts';
import type { IdGenerator } from '../../application/ports/id-generator.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import type { TenantDirectory } from '../../application/tenancy/tenant-directory.ts';
import type { Config } from '../config/config.ts';
import { KeyRateLimiter } from '../rate-limiting/key-rate-limiter.ts';

export interface IntegrationParts {
  config: Config;
  aggregates: AggregateStore;
  tenants: TenantDirectory;
  apiKeys: ApiKeys;
  documents: ReadModelCollection<DocumentRow>;
  watermarks: VisibilityWatermarks;
  provider: DocumentProvider;
  clock: Clock;
  ids: IdGenerator;
}

/** Wires the use cases of the integrations face (seed 001). */
export function integrationUseCases({ config, aggregates, tenants, apiKeys, documents, watermarks, provider, clock, ids }: IntegrationParts): IntegrationUseCases {
  return {
    identity: new GetIdentity(apiKeys, tenants),
    getInvoice: new GetInvoice(aggregates),
    listInvoices: new ListInvoices(documents, watermarks),
    createDraft: new CreateDraft(aggregates, tenants, clock),
    editDraft: new EditDraft(aggregates, clock),
    finalizeInvoice: new FinalizeInvoice(aggregates, clock),
    discardDraft: new DiscardDraft(aggregates, clock),
    transmitInvoice: new TransmitInvoice(aggregates, clock, ids),
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

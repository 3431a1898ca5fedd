import type { DiscardDocument } from '../application/documents/discard-document.ts';
import { DocumentArchive } from '../application/documents/document-archive.ts';
import type { DocumentHistory } from '../application/documents/document-history.ts';
import type { GetDocument } from '../application/documents/get-document.ts';
import type { IssueDocument } from '../application/documents/issue-document.ts';
import type { ListDocuments } from '../application/documents/list-documents.ts';
import { RenderArtifact } from '../application/documents/render-artifact.ts';
import { DocumentBooks } from '../application/reports/document-books.ts';
import type { ApiKeys } from '../application/tenancy/api-keys.ts';
import type { TenantDirectory } from '../application/tenancy/tenant-directory.ts';
import type { UpdateCompanyProfile } from '../application/tenancy/update-company-profile.ts';
import type { HealthCheck } from '../application/health/health-check.ts';
import type { Container } from '../infrastructure/composition/container.ts';
import type { EventStore } from '../application/ports/event-store.ts';
import type { ReadModelStore } from '../application/ports/read-model-store.ts';
import type { ProjectionVersions } from '../application/rebuilds/projection-versions.ts';
import type { RebuildJobs } from '../application/rebuilds/rebuild-jobs.ts';
import type { AcceptanceServices } from './acceptance/acceptance-services.ts';
import { SchemaValidator } from './http/schema-validator.ts';
import type { NumberingModule } from '../infrastructure/composition/numbering-module.ts';
import type { MessageServices } from './messages/message-services.ts';
import type { InvoiceManagementUseCases } from '../application/invoice-management/invoice-management-use-cases.ts';
import type { MetricsSources } from './operations/metrics-routes.ts';
import type { WebhookEndpointUseCases } from '../application/webhooks/webhook-endpoint-use-cases.ts';
import type { WebhookDeliveryServices } from './webhooks/webhook-delivery-services.ts';
import type { AuditModule } from '../infrastructure/composition/audit-module.ts';
import { NeedsAttention } from '../application/attention/needs-attention.ts';

/** What the operator endpoints work on. */
interface AdminServices {
  /** What needs an operator across every company (GET /admin/v1/attention). */
  attention: NeedsAttention;
  events: EventStore;
  readModels: ReadModelStore;
  versions: ProjectionVersions;
  jobs: RebuildJobs;
  tenants: TenantDirectory;
  updateCompanyProfile: UpdateCompanyProfile;
}

/** What the HTTP layer needs from the application. */
export interface ApiServices {
  apiKeys: ApiKeys;
  issueDocument: IssueDocument;
  getDocument: GetDocument;
  documentHistory: DocumentHistory;
  listDocuments: ListDocuments;
  discardDocument: DiscardDocument;
  renderArtifact: RenderArtifact;
  /** A period's validated documents as one ZIP of their files. */
  documentArchive: DocumentArchive;
  /** A period's sales or purchases book: its documents with their taxes, one row each. */
  books: DocumentBooks;
  health: HealthCheck;
  validator: SchemaValidator;
  messages: MessageServices;
  admin: AdminServices;
  metrics: MetricsSources;
  acceptance: AcceptanceServices;
  invoiceManagement: InvoiceManagementUseCases;
  /** Numbering resolutions and software identities (operator API). */
  numbering: NumberingModule;
  /** The companies' webhook endpoints (issue 16). */
  webhookEndpoints: WebhookEndpointUseCases;
  /** Webhook delivery log, retry, replay and test. */
  webhookDelivery: WebhookDeliveryServices;
  /** The list over every family, period exports, trail verifications. */
  audit: Pick<AuditModule, 'listEveryFamily' | 'auditExport' | 'verifications'>;
}

export function apiServices(container: Container): ApiServices {
  const { apiKeys, issueDocument, getDocument, documentHistory, listDocuments, discardDocument, health } = container;
  const admin = {
    events: container.eventStore,
    readModels: container.readModels,
    versions: container.projectionVersions,
    jobs: container.rebuildJobs,
    tenants: container.tenants,
    updateCompanyProfile: container.updateCompanyProfile,
    attention: new NeedsAttention(container.eventStore, container.documents, container.messages.rows, container.webhookEndpoints.registries, container.webhookDelivery.listDeliveries),
  };
  const metrics: MetricsSources = {
    metrics: container.metrics,
    subscriptions: () => container.subscriptionHealth(),
    others: async () => (await container.otherThreadsMetrics()) as Awaited<ReturnType<MetricsSources['others']>>,
  };
  const { messages } = container;
  const renderArtifact = new RenderArtifact(getDocument, container.provider);
  const documentArchive = new DocumentArchive(container.documents, getDocument, container.provider, container.logger.child({ component: 'document-archive' }));
  return { apiKeys, issueDocument, getDocument, documentHistory, listDocuments, discardDocument, renderArtifact, documentArchive, books: new DocumentBooks(container.documents), health, validator: new SchemaValidator(), messages, admin, metrics, invoiceManagement: container.invoiceManagement, acceptance: container.acceptance, numbering: container.numbering, webhookEndpoints: container.webhookEndpoints.useCases, webhookDelivery: container.webhookDelivery, audit: container.audit };
}

import type { DiscardDocument } from '../application/documents/discard-document.ts';
import type { GetDocument } from '../application/documents/get-document.ts';
import type { IssueDocument } from '../application/documents/issue-document.ts';
import type { ListDocuments } from '../application/documents/list-documents.ts';
import type { ApiKeys } from '../application/tenancy/api-keys.ts';
import type { HealthCheck } from '../application/health/health-check.ts';
import type { Container } from '../infrastructure/composition/container.ts';
import type { EventStore } from '../application/ports/event-store.ts';
import type { ReadModelStore } from '../application/ports/read-model-store.ts';
import type { ProjectionVersions } from '../application/projections/projection-versions.ts';
import type { RebuildJobs } from '../application/projections/rebuild-jobs.ts';
import { SchemaValidator } from './http/schema-validator.ts';

/** What the operator endpoints work on. */
export interface AdminServices {
  events: EventStore;
  readModels: ReadModelStore;
  versions: ProjectionVersions;
  jobs: RebuildJobs;
}

/** What the HTTP layer needs from the application. */
export interface ApiServices {
  apiKeys: ApiKeys;
  issueDocument: IssueDocument;
  getDocument: GetDocument;
  listDocuments: ListDocuments;
  discardDocument: DiscardDocument;
  health: HealthCheck;
  validator: SchemaValidator;
  admin: AdminServices;
}

export function apiServices(container: Container): ApiServices {
  const { apiKeys, issueDocument, getDocument, listDocuments, discardDocument, health } = container;
  const admin = { events: container.eventStore, readModels: container.readModels, versions: container.projectionVersions, jobs: container.rebuildJobs };
  return { apiKeys, issueDocument, getDocument, listDocuments, discardDocument, health, validator: new SchemaValidator(), admin };
}

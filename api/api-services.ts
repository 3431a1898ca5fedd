import type { DiscardDocument } from '../application/documents/discard-document.ts';
import type { GetDocument } from '../application/documents/get-document.ts';
import type { IssueDocument } from '../application/documents/issue-document.ts';
import type { ListDocuments } from '../application/documents/list-documents.ts';
import type { ApiKeys } from '../application/tenancy/api-keys.ts';
import type { HealthCheck } from '../application/health/health-check.ts';
import type { Container } from '../infrastructure/composition/container.ts';
import { SchemaValidator } from './http/schema-validator.ts';

/** What the HTTP layer needs from the application. */
export interface ApiServices {
  apiKeys: ApiKeys;
  issueDocument: IssueDocument;
  getDocument: GetDocument;
  listDocuments: ListDocuments;
  discardDocument: DiscardDocument;
  health: HealthCheck;
  validator: SchemaValidator;
}

export function apiServices(container: Container): ApiServices {
  const { apiKeys, issueDocument, getDocument, listDocuments, discardDocument, health } = container;
  return { apiKeys, issueDocument, getDocument, listDocuments, discardDocument, health, validator: new SchemaValidator() };
}

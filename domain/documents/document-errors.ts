import { DomainError } from '../shared/domain-error.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';

export class DocumentValidationError extends DomainError {
  constructor(readonly issues: ValidationIssue[]) {
    super('validation_failed', `the document breaks ${issues.length} issuance rule(s)`, { issues });
  }
}

/** The document's stream already holds a document: a create, or a draft of another request, came first. */
export class DocumentAlreadyExistsError extends DomainError {
  constructor(readonly documentId: string) {
    super('already_exists', `document ${documentId} already exists`);
  }
}

import { DomainError } from '../shared/domain-error.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';

/** An endpoint's fields break its rules; `issues` names each field. */
export class WebhookEndpointValidationError extends DomainError {
  constructor(readonly issues: ValidationIssue[]) {
    super('validation_failed', `the webhook endpoint is not valid: ${issues.map((issue) => `${issue.field} ${issue.message}`).join('; ')}`, { issues });
    this.name = 'WebhookEndpointValidationError';
  }
}

/** No endpoint with that id in the company's registry for the environment (never created, deleted, or another company's). */
export class WebhookEndpointNotFoundError extends DomainError {
  constructor(readonly endpointId: string) {
    super('not_found', `no webhook endpoint with id ${endpointId} for this company and environment`);
    this.name = 'WebhookEndpointNotFoundError';
  }
}

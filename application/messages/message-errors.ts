import type { AttachmentViolation } from '../../domain/messages/attachment-rules.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';

/** Unknown brand, or one the calling application may not use (both look the same to the caller). */
export class BrandNotFoundError extends Error {
  constructor(readonly slug: string) {
    super(`no brand "${slug}" is available to this application`);
    this.name = 'BrandNotFoundError';
  }
}

export class MissingVariablesError extends Error {
  constructor(readonly template: string, readonly variables: string[]) {
    super(`the data lacks ${variables.length} variable(s) the template ${template} needs: ${variables.join(', ')}`);
    this.name = 'MissingVariablesError';
  }
}

export class InvalidVariablesError extends Error {
  constructor(readonly template: string, readonly issues: ValidationIssue[]) {
    super(`the data of the template ${template} has ${issues.length} variable(s) of the wrong type`);
    this.name = 'InvalidVariablesError';
  }
}

export class AttachmentRulesError extends Error {
  constructor(readonly violations: AttachmentViolation[]) {
    super(violations.map((violation) => `${violation.field} ${violation.message}`).join('; '));
    this.name = 'AttachmentRulesError';
  }
}

export class SendLimitExceededError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`the send limit of this application is reached; retry in ${retryAfterSeconds} s`);
    this.name = 'SendLimitExceededError';
  }
}

export class MessageNotFoundError extends Error {
  constructor(readonly messageId: string) {
    super(`no message with id ${messageId}`);
    this.name = 'MessageNotFoundError';
  }
}


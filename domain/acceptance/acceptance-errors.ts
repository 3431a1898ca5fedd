import { DomainError } from '../shared/domain-error.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { OrderRule } from './order-rules.ts';

/** The trail's order rules refuse the event now; `rule` names the rule. */
export class EventNotAllowedError extends DomainError {
  constructor(readonly rule: OrderRule, message: string) {
    super('event_not_allowed', message, { rule });
    this.name = 'EventNotAllowedError';
  }
}

/** The event as sent can never be recorded (unknown code, 034 from the receiver, a missing or stray claim concept). */
export class AcceptanceInputError extends DomainError {
  constructor(readonly issues: ValidationIssue[]) {
    super('validation_failed', issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '));
    this.name = 'AcceptanceInputError';
  }
}

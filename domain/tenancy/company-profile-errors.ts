import { DomainError } from '../shared/domain-error.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { ProfileField } from './company-profile.ts';

/** A profile update breaks field rules; `issues` names each field. */
export class InvalidCompanyProfileError extends DomainError {
  constructor(readonly issues: ValidationIssue[]) {
    super('validation_failed', issues.map((issue) => `${issue.field} ${issue.message}`).join('; '), { issues });
  }
}

/** A live document of a company whose profile lacks what DIAN requires; nothing is created. */
export function companyProfileIncomplete(missing: readonly ProfileField[]): DomainError {
  return new DomainError(
    'company_profile_incomplete',
    `the company profile lacks what DIAN requires on live documents: ${missing.join(', ')}; ` +
      'an operator completes it with `tenants update` or PATCH /admin/v1/tenants/{id}',
    { missing_fields: [...missing] },
  );
}

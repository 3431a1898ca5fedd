import type { NumberingResolution } from '../../domain/numbering/numbering-resolution.ts';
import { usageWarnings, type ResolutionUsage } from '../../domain/numbering/resolution-usage.ts';
import type { SoftwareIdentityView } from './software-identities.ts';

/** A resolution as the operator API and `resolutions list --json` show it; the technical key is never shown. */
export function resolutionView(resolution: NumberingResolution, usage?: ResolutionUsage) {
  return {
    id: resolution.id,
    tenant_id: resolution.tenantId,
    environment: resolution.environment,
    family: resolution.family,
    prefix: resolution.prefix,
    from: resolution.from,
    to: resolution.to,
    number: resolution.number,
    valid_from: resolution.validFrom,
    valid_to: resolution.validTo,
    has_technical_key: resolution.technicalKey !== null,
    status: resolution.retiredAt ? 'retired' : 'active',
    registered_at: resolution.registeredAt,
    retired_at: resolution.retiredAt,
    ...(usage && {
      assigned: usage.assigned,
      reserved: usage.reserved,
      remaining: usage.remaining,
      last_number: usage.lastNumber,
      days_to_expiry: usage.daysToExpiry,
      warnings: usageWarnings(usage).map(({ code, message }) => ({ code, message })),
    }),
  };
}

/** A software identity as shown: the PIN always masked. */
export function softwareView(view: SoftwareIdentityView) {
  return { environment: view.environment, software_id: view.softwareId, pin: '*****', test_set_id: view.testSetId, payroll_test_set_id: view.payrollTestSetId, updated_at: view.updatedAt, default: view.isDefault };
}

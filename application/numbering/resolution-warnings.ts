import type { NumberingResolution } from '../../domain/numbering/numbering-resolution.ts';
import { usageOf, usageWarnings, type ResolutionUsage } from '../../domain/numbering/resolution-usage.ts';
import { colombiaDateTime } from '../../domain/shared/colombia-time.ts';
import type { CompanyWarning, CompanyWarningSource } from '../tenancy/company-warnings.ts';
import type { RangeStreams } from './range-streams.ts';
import type { ResolutionCatalog } from './resolution-catalog.ts';

/** How far each of a company's resolutions is used, read afresh (lists, warnings, metrics). */
export class ResolutionUsages implements CompanyWarningSource {
  constructor(
    private readonly catalog: ResolutionCatalog,
    private readonly ranges: RangeStreams,
  ) {}

  async of(tenantId: string, environment: string | undefined, now: Date): Promise<ResolutionUsage[]> {
    return this.usagesOf(await this.catalog.of(tenantId, environment), now);
  }

  async usagesOf(resolutions: readonly NumberingResolution[], now: Date): Promise<ResolutionUsage[]> {
    const today = colombiaDateTime(now).date;
    return Promise.all(resolutions.map(async (resolution) => usageOf(resolution, await this.ranges.state(resolution, true), today)));
  }

  /** `resolution_running_out` (10 % or fewer numbers left) and `resolution_expiring` (within 30 days), for GET /v1/me. */
  async warningsFor(tenantId: string, environment: string, now: Date): Promise<CompanyWarning[]> {
    return (await this.of(tenantId, environment, now)).flatMap(usageWarnings);
  }
}

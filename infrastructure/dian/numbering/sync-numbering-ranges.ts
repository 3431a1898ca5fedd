import type { ResolutionCatalog } from '../../../application/numbering/resolution-catalog.ts';
import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';
import type { NumberingResolution, ResolutionInput } from '../../../domain/numbering/numbering-resolution.ts';
import { DomainError } from '../../../domain/shared/domain-error.ts';
import { dianCaller, type DianCompanyParts } from '../dian-caller.ts';
import { DianRefusalError } from '../dian-setup-error.ts';
import type { DianNumberRange, DianWebServices } from '../web-services/dian-web-services.ts';

export interface NumberingSyncParts extends DianCompanyParts {
  catalog: ResolutionCatalog;
  web: DianWebServices;
}

export interface NumberingSyncRequest {
  tenantId: string;
  environment: string;
  /** GetNumberingRange does not say which documents a range numbers: the operator does (sales-invoice by default). */
  family: DocumentFamilyName;
  endpoint: string;
  at: Date;
}

/** One range DIAN answered and what became of it here. */
export interface SyncedRange {
  range: DianNumberRange;
  status: 'added' | 'present' | 'refused';
  /** The resolution registered now, or the one already registered with the range's prefix and resolution number. */
  resolution: NumberingResolution | null;
  /** Why the catalog refused it (status refused). */
  problem: string | null;
}

const day = (value: string) => value.trim().slice(0, 10);

function inputOf(range: DianNumberRange, environment: string, family: DocumentFamilyName): ResolutionInput {
  return {
    environment,
    family,
    prefix: range.prefix.trim(),
    from: Number(range.fromNumber),
    to: Number(range.toNumber),
    number: range.resolutionNumber.trim(),
    validFrom: day(range.validDateFrom),
    validTo: day(range.validDateTo),
    technicalKey: range.technicalKey.trim() || null,
  };
}

/**
 * Asks DIAN (GetNumberingRange, own software: accountCode = accountCodeT = the company's NIT, softwareCode = its
 * software id for the environment) for the ranges authorized today and registers each one the company does not have
 * yet. A range already registered with the same prefix and resolution number, by hand or by an earlier sync, is left
 * alone, so running it again adds nothing. An OperationCode other than 100 throws DianRefusalError.
 */
export async function syncNumberingRanges(parts: NumberingSyncParts, request: NumberingSyncRequest): Promise<SyncedRange[]> {
  const { tenantId, environment, family } = request;
  const caller = await dianCaller(parts, tenantId, environment, request.endpoint, request.at);
  const nit = caller.tenant.nit;
  const answer = await parts.web.getNumberingRange(caller.call, { accountCode: nit, accountCodeT: nit, softwareCode: caller.software.softwareId });
  if (answer.operationCode.trim() !== '100') throw new DianRefusalError('GetNumberingRange', answer.operationCode.trim(), answer.operationDescription.trim());
  const synced: SyncedRange[] = [];
  for (const range of answer.ranges) {
    const input = inputOf(range, environment, family);
    const registered = await parts.catalog.of(tenantId, environment);
    const present = registered.find((resolution) => resolution.prefix === input.prefix && resolution.number === input.number);
    if (present) {
      synced.push({ range, status: 'present', resolution: present, problem: null });
      continue;
    }
    try {
      synced.push({ range, status: 'added', resolution: await parts.catalog.register(tenantId, input, { actor: 'cli', correlationId: 'resolutions-sync' }), problem: null });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      synced.push({ range, status: 'refused', resolution: null, problem: error.message });
    }
  }
  return synced;
}

import { DomainError } from '../shared/domain-error.ts';
import type { NumberingResolution } from './numbering-resolution.ts';
import type { RangeRefusal } from './range-decider.ts';

export type UnavailableReason = RangeRefusal | 'none_registered' | 'unknown_prefix' | 'software_not_registered' | 'no_usable_resolution';

export interface Refused {
  resolution: NumberingResolution;
  reason: RangeRefusal;
}

interface Scope {
  family: string;
  environment: string;
  prefix?: string;
}

function said(refused: Refused): string {
  const { resolution: r, reason } = refused;
  const name = `${r.prefix} (resolution ${r.number})`;
  switch (reason) {
    case 'exhausted':
      return `${name} has no numbers left (${r.prefix}${r.from}–${r.prefix}${r.to})`;
    case 'expired':
      return `${name} expired on ${r.validTo}`;
    case 'not_yet_valid':
      return `${name} is not valid before ${r.validFrom}`;
    case 'retired':
      return `${name} was retired`;
  }
}

/** 422 numbering_unavailable: no resolution can number the document; says which family and why, per resolution tried. */
export function numberingUnavailable(scope: Scope, reason: UnavailableReason, refused: readonly Refused[] = []): DomainError {
  const prefix = scope.prefix ? ` with prefix ${scope.prefix}` : '';
  const why: Record<UnavailableReason, string> = {
    none_registered: `no numbering resolution is registered for ${scope.family} in ${scope.environment}`,
    unknown_prefix: `no active ${scope.family} resolution in ${scope.environment} has the prefix ${scope.prefix}`,
    software_not_registered: `no software identity is registered for ${scope.environment}: the unique code cannot be computed`,
    exhausted: '',
    expired: '',
    not_yet_valid: '',
    retired: '',
    no_usable_resolution: '',
  };
  const message = why[reason] || refused.map(said).join('; ');
  return new DomainError('numbering_unavailable', `no resolution can number this ${scope.family}${prefix}: ${message}`, {
    family: scope.family,
    environment: scope.environment,
    ...(scope.prefix && { prefix: scope.prefix }),
    reason,
    resolutions: refused.map(({ resolution, reason: why }) => ({ id: resolution.id, prefix: resolution.prefix, number: resolution.number, reason: why })),
  });
}

/** One reason for several refusals: theirs when they agree. */
export function reasonOf(refused: readonly Refused[]): UnavailableReason {
  const reasons = new Set(refused.map((r) => r.reason));
  return reasons.size === 1 ? [...reasons][0] : 'no_usable_resolution';
}

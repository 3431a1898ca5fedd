import { DAY_MS } from '../shared/day-ms.ts';
import { sizeOf, type NumberingResolution } from './numbering-resolution.ts';
import { remainingIn, type RangeState } from './range-state.ts';

/** A resolution with how far it is used, as lists, warnings and metrics show it. */
export interface ResolutionUsage {
  resolution: NumberingResolution;
  size: number;
  assigned: number;
  reserved: number;
  remaining: number;
  /** Whole days from `today` to valid_to (0 on its last day, negative once expired). */
  daysToExpiry: number;
  /** `{prefix}{consecutive}` of the last number assigned, null while none was. */
  lastNumber: string | null;
}

export function usageOf(resolution: NumberingResolution, state: RangeState, today: string): ResolutionUsage {
  const assigned = state.next - resolution.from - state.returned.length;
  return {
    resolution,
    size: sizeOf(resolution),
    assigned,
    reserved: state.reserved.size,
    remaining: remainingIn(state, resolution.to),
    daysToExpiry: Math.round((Date.parse(resolution.validTo) - Date.parse(today)) / DAY_MS),
    lastNumber: state.next > resolution.from ? `${resolution.prefix}${state.next - 1}` : null,
  };
}

export interface UsageWarning {
  code: 'resolution_running_out' | 'resolution_expiring';
  message: string;
  details: Record<string, unknown>;
}

/** Running out: 10 % or fewer of its numbers left. Expiring: valid_to within 30 days. Retired and expired ones warn of nothing. */
export function usageWarnings(usage: ResolutionUsage): UsageWarning[] {
  const { resolution, remaining, size, daysToExpiry } = usage;
  if (resolution.retiredAt || daysToExpiry < 0) return [];
  const about = { resolution_id: resolution.id, family: resolution.family, prefix: resolution.prefix, resolution_number: resolution.number };
  const warnings: UsageWarning[] = [];
  if (remaining * 10 <= size) {
    warnings.push({
      code: 'resolution_running_out',
      message: `resolution ${resolution.number} (${resolution.family}, prefix ${resolution.prefix}) has ${remaining} of ${size} numbers left`,
      details: { ...about, remaining, size },
    });
  }
  if (daysToExpiry <= 30) {
    warnings.push({
      code: 'resolution_expiring',
      message: `resolution ${resolution.number} (${resolution.family}, prefix ${resolution.prefix}) expires on ${resolution.validTo}, in ${daysToExpiry} day(s)`,
      details: { ...about, valid_to: resolution.validTo, days_left: daysToExpiry },
    });
  }
  return warnings;
}

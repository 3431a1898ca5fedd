import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type { DocumentFamilyName } from '../documents/document-family.ts';
import type { NumberingResolution, ResolutionInput } from './numbering-resolution.ts';
import { overlapIssue, resolutionIssues } from './resolution-rules.ts';

interface RegisterResolution {
  type: 'RegisterResolution';
  resolutionId: string;
  tenantId: string;
  input: ResolutionInput;
  now: Date;
}

interface RetireResolution {
  type: 'RetireResolution';
  resolutionId: string;
  now: Date;
}

export type ResolutionCatalogCommand = RegisterResolution | RetireResolution;

export type ResolutionCatalogEvent =
  | { type: 'ResolutionRegistered'; data: Omit<NumberingResolution, 'retiredAt'> }
  | { type: 'ResolutionRetired'; data: { resolutionId: string; at: string } };

/** The resolutions a company registered, oldest first (one stream per company, every environment and family). */
export interface ResolutionCatalogState {
  resolutions: NumberingResolution[];
}

/** A resolution refused; `issues` name each field that breaks a rule. */
export class ResolutionValidationError extends DomainError {
  constructor(readonly issues: { field: string; message: string }[]) {
    super('validation_failed', `the resolution breaks ${issues.length} rule(s): ${issues.map((i) => `${i.field} ${i.message}`).join('; ')}`, { issues });
  }
}

function decide(command: ResolutionCatalogCommand, state: ResolutionCatalogState): ResolutionCatalogEvent[] {
  const at = command.now.toISOString();
  if (command.type === 'RetireResolution') {
    const resolution = state.resolutions.find((candidate) => candidate.id === command.resolutionId);
    if (!resolution) throw new DomainError('not_found', `no resolution ${command.resolutionId}`);
    if (resolution.retiredAt) return [];
    return [{ type: 'ResolutionRetired', data: { resolutionId: resolution.id, at } }];
  }
  if (state.resolutions.some((candidate) => candidate.id === command.resolutionId)) return [];
  const { input } = command;
  const issues = resolutionIssues(input);
  const overlap = issues.length === 0 ? overlapIssue(input, state.resolutions) : null;
  if (overlap) issues.push(overlap);
  if (issues.length > 0) throw new ResolutionValidationError(issues);
  return [
    {
      type: 'ResolutionRegistered',
      data: {
        id: command.resolutionId,
        tenantId: command.tenantId,
        environment: input.environment,
        family: input.family as DocumentFamilyName,
        prefix: input.prefix,
        from: input.from,
        to: input.to,
        number: input.number,
        validFrom: input.validFrom,
        validTo: input.validTo,
        technicalKey: input.technicalKey ?? null,
        registeredAt: at,
      },
    },
  ];
}

function evolve(state: ResolutionCatalogState, event: ResolutionCatalogEvent): ResolutionCatalogState {
  if (event.type === 'ResolutionRegistered') return { resolutions: [...state.resolutions, { ...event.data, retiredAt: null }] };
  return {
    resolutions: state.resolutions.map((resolution) => (resolution.id === event.data.resolutionId ? { ...resolution, retiredAt: event.data.at } : resolution)),
  };
}

export const resolutionCatalogDecider: Decider<ResolutionCatalogCommand, ResolutionCatalogEvent, ResolutionCatalogState> = {
  decide,
  evolve,
  initialState: () => ({ resolutions: [] }),
};

import type { ValidationIssue } from '../shared/validation-issue.ts';

const OBSERVATION_MAX_LENGTH = 250;

/** Optional free text of at most 250 characters (the provider's limit, reference §1.5, §1.7). */
export function observationIssue(observation: string | undefined): ValidationIssue | undefined {
  if (observation === undefined) return undefined;
  const length = [...observation].length;
  if (length <= OBSERVATION_MAX_LENGTH) return undefined;
  return { field: 'observation', message: `has ${length} characters; at most ${OBSERVATION_MAX_LENGTH} are allowed` };
}

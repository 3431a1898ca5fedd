import type { IssuePeriod } from '../../application/documents/rows-issued-in.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { singleParameter } from '../documents/list-filters.ts';
import { readPeriod } from '../documents/period-parameters.ts';
import { problems } from '../http/problem.ts';

const KNOWN = ['from', 'to'];

/** A book's parameters; anything missing, malformed or unknown → 400 validation_failed naming it. */
export function parseBookQuery(query: Record<string, unknown>): IssuePeriod {
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(query)) if (!KNOWN.includes(name)) issues.push({ field: name, message: `is not a known parameter (${KNOWN.join(', ')})` });
  const { from, to } = readPeriod(singleParameter(query, issues), issues);
  if (issues.length > 0) throw problems.validation('invalid book parameters', issues, 400);
  return { from: from!, to: to! };
}

import type { IssuePeriod } from '../../application/documents/rows-issued-in.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { singleParameter } from '../documents/list-filters.ts';
import { readPeriod } from '../documents/period-parameters.ts';
import { problems } from '../http/problem.ts';

const KNOWN = ['from', 'to', 'format'];
export const BOOK_FORMATS = ['csv', 'jsonl'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

/** A book's parameters (`format` csv unless jsonl); anything missing, malformed or unknown → 400 validation_failed naming it. */
export function parseBookQuery(query: Record<string, unknown>): IssuePeriod & { format: BookFormat } {
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(query)) if (!KNOWN.includes(name)) issues.push({ field: name, message: `is not a known parameter (${KNOWN.join(', ')})` });
  const single = singleParameter(query, issues);
  const { from, to } = readPeriod(single, issues);
  const format = single('format') ?? 'csv';
  if (!(BOOK_FORMATS as readonly string[]).includes(format)) issues.push({ field: 'format', message: `must be ${BOOK_FORMATS.join(' or ')}; got "${format}"` });
  if (issues.length > 0) throw problems.validation('invalid book parameters', issues, 400);
  return { from: from!, to: to!, format: format as BookFormat };
}

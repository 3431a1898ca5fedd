import type { AuditExportQuery } from '../../application/audit/audit-export.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { readFamilies, singleParameter } from '../documents/list-filters.ts';
import { readPeriod } from '../documents/period-parameters.ts';
import { problems } from '../http/problem.ts';

const KNOWN = ['from', 'to', 'format', 'family'];
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /v1/audit/export's parameters; anything missing, malformed or unknown → 400 validation_failed naming it. */
export function parseExportQuery(query: Record<string, unknown>): AuditExportQuery & { format: ExportFormat } {
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(query)) if (!KNOWN.includes(name)) issues.push({ field: name, message: `is not a known parameter (${KNOWN.join(', ')})` });
  const single = singleParameter(query, issues);
  const { from, to } = readPeriod(single, issues);
  const format = single('format');
  if (format === undefined) issues.push({ field: 'format', message: `is required: ${EXPORT_FORMATS.join(' or ')}` });
  else if (!(EXPORT_FORMATS as readonly string[]).includes(format)) issues.push({ field: 'format', message: `must be ${EXPORT_FORMATS.join(' or ')}; got "${format}"` });
  const families = readFamilies(single('family'), issues);
  if (issues.length > 0) throw problems.validation('invalid export parameters', issues, 400);
  return { from: from!, to: to!, format: format as ExportFormat, families };
}

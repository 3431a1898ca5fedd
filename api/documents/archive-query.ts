import type { ArchiveQuery } from '../../application/documents/document-archive.ts';
import type { ArtifactFormat } from '../../application/ports/artifact.ts';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { problems } from '../http/problem.ts';
import { FAMILY_ROUTES } from './family-routes.ts';
import { readFamilies, singleParameter } from './list-filters.ts';
import { readPeriod } from './period-parameters.ts';

const KNOWN = ['from', 'to', 'family', 'formats'];
/** The files an archive may hold of each document; the e-mail ZIP is left out (the archive is a ZIP of them already). */
export const ARCHIVE_FORMATS: readonly ArtifactFormat[] = ['xml', 'attached-xml', 'pdf'];

/** The formats the family's downloads serve (seed 000's table). */
const servedFormats = (family: DocumentFamily): readonly ArtifactFormat[] => FAMILY_ROUTES.find((route) => route.family === family)!.formats;

/** `formats`: a comma-separated list of ARCHIVE_FORMATS, all of them when absent. */
function readFormats(raw: string | undefined, issues: ValidationIssue[]): readonly ArtifactFormat[] {
  if (raw === undefined) return ARCHIVE_FORMATS;
  const asked = raw.split(',').map((format) => format.trim());
  const unknown = asked.filter((format) => !(ARCHIVE_FORMATS as readonly string[]).includes(format));
  if (asked.length === 0 || unknown.length > 0) {
    const zip = unknown.includes('zip') ? ' (the archive is itself a ZIP: ask for the files)' : '';
    issues.push({ field: 'formats', message: `must be a comma-separated list of ${ARCHIVE_FORMATS.join(', ')}; got "${raw}"${zip}` });
    return [];
  }
  return ARCHIVE_FORMATS.filter((format) => asked.includes(format));
}

/**
 * GET /v1/documents/archive's parameters; anything missing, malformed or unknown → 400 validation_failed naming it.
 * Each family gets the formats asked that its downloads have (seed 000's table): payroll only its XML.
 */
export function parseArchiveQuery(query: Record<string, unknown>): ArchiveQuery {
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(query)) if (!KNOWN.includes(name)) issues.push({ field: name, message: `is not a known parameter (${KNOWN.join(', ')})` });
  const single = singleParameter(query, issues);
  const { from, to } = readPeriod(single, issues);
  const families = readFamilies(single('family'), issues);
  const formats = readFormats(single('formats'), issues);
  const archived = families
    .map((family) => ({ family, formats: formats.filter((format) => servedFormats(family).includes(format)) }))
    .filter((each) => each.formats.length > 0);
  if (formats.length > 0 && families.length > 0 && archived.length === 0) {
    const served = servedFormats(families[0]).filter((format) => ARCHIVE_FORMATS.includes(format));
    issues.push({ field: 'formats', message: `a ${families[0].name} has none of ${formats.join(', ')}; its files are ${served.join(', ')}` });
  }
  if (issues.length > 0) throw problems.validation('invalid archive parameters', issues, 400);
  return { from: from!, to: to!, families: archived };
}

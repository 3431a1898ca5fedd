import type { Request } from 'express';
import type { ArtifactFormat } from '../../application/ports/artifact.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { problems } from '../http/problem.ts';
import type { FamilyRoute } from './family-routes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id and format of `GET {base}/{id}/{format}`; one 422 names every invalid one (and lists the family's formats). */
export function artifactRequest(req: Request, { family, formats }: FamilyRoute): { id: string; format: ArtifactFormat } {
  const id = String(req.params.id);
  const format = String(req.params.format);
  const issues: ValidationIssue[] = [];
  if (!UUID.test(id)) issues.push({ field: 'id', message: `must be a UUID; got "${id}"` });
  if (!(formats as readonly string[]).includes(format)) {
    issues.push({ field: 'format', message: `"${format}" does not exist for a ${family.name}; its formats are ${formats.join(', ')}` });
  }
  if (issues.length > 0) throw problems.validation('the document or the format in the path is not valid', issues);
  return { id: id.toLowerCase(), format: format as ArtifactFormat };
}

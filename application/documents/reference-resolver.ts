import type { ReferenceRequest, ResolvedReference } from '../../domain/documents/document-family.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import type { DocumentRow } from './document-row.ts';
import type { Scope } from './get-document.ts';

/** Finds the validated document a note or adjustment names by number, in the caller's tenant and environment. */
export class ReferenceResolver {
  constructor(private readonly rows: ReadModelCollection<DocumentRow>) {}

  async resolve(request: ReferenceRequest, scope: Scope): Promise<ResolvedReference | ValidationIssue> {
    const { items } = await this.rows.find({
      tenantId: scope.tenantId,
      environment: scope.environment,
      where: { family: request.family, number: request.number },
      orderBy: [['createdAt', 'desc']],
      limit: 10,
    });
    const validated = items.find((row) => row.status === 'validated');
    if (validated) {
      return {
        family: request.family,
        documentId: validated.id,
        number: request.number,
        uniqueCode: validated.uniqueCode ?? '',
        issueDate: validated.issueDate,
      };
    }
    const what = request.family.replace('-', ' ');
    if (items.some((row) => row.status === 'voided')) {
      return { field: request.field, message: `${what} ${request.number} is voided and can no longer be referenced` };
    }
    return { field: request.field, message: `no validated ${what} with number ${request.number} in this company and environment` };
  }
}

import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';

/** Checks the shape of a body (the API's JSON schema); an empty list means it is well formed. */
export type BodyCheck = (body: Record<string, unknown>) => ValidationIssue[];

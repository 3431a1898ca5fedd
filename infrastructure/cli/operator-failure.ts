import { MissingSecretsKeyError } from '../../application/ports/secret-cipher.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { CliError } from './cli-context.ts';

/** A refusal of the operator's input as a message naming the flags; anything else goes on as it was. */
export function operatorFailure(flags: Record<string, string>) {
  return (error: unknown): never => {
    if (error instanceof DomainError && Array.isArray(error.details.issues)) {
      const issues = error.details.issues as ValidationIssue[];
      throw new CliError(issues.map((issue) => `${flags[issue.field] ?? issue.field}: ${issue.message}`).join('\n'));
    }
    if (error instanceof DomainError) throw new CliError(error.message);
    if (error instanceof MissingSecretsKeyError) throw new CliError(error.message, 2);
    throw error;
  };
}

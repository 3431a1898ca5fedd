import type { Artifact, ArtifactFormat } from '../../../application/ports/artifact.ts';
import type { Clock } from '../../../application/ports/clock.ts';
import type { DocumentProvider } from '../../../application/ports/document-provider.ts';
import type { Assignment, AssignedNumber, DocumentNumbering } from '../../../application/numbering/document-numbering.ts';
import type { SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import type { AuthorityMessage } from '../../../domain/documents/authority-message.ts';
import { renderDocumentArtifact } from '../../rendering/render-document-artifact.ts';
import { NO_RENDER_SERVICES, type RenderServices } from '../../rendering/render-services.ts';
import { scenarioFor } from './sandbox-scenarios.ts';
import { numberedDocument } from '../../../application/numbering/numbered-document.ts';

/** What the sandbox asks of the company's numbering (application/numbering). */
export type SandboxNumbering = Pick<DocumentNumbering, 'lookUp' | 'assign' | 'withdraw' | 'release'>;

/**
 * The built-in DIAN sandbox: answers after a delay, validates (the next number of the company's resolution, or of
 * DIAN's habilitación range in the test environment, and a real CUFE/CUDE/CUDS/CUNE computed with the company's
 * technical key and software PIN), validates with a warning, or rejects, as the documented test values say.
 * Resubmitting a document returns the same answer and number.
 */
export class SandboxProvider implements DocumentProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly numbering: SandboxNumbering,
    private readonly clock: Clock,
    private readonly delayMs: number,
    private readonly services: RenderServices = NO_RENDER_SERVICES,
  ) {}

  async submit(document: DocumentState): Promise<SubmissionOutcome> {
    const scenario = scenarioFor(document);
    // What the number needs is read while the delay runs (as the authority works), not after it: about a millisecond
    // of every document's way to `validated`. The range itself is decided after the delay, when it answers.
    const [looked] = await Promise.all([scenario.kind === 'rejected' ? undefined : this.numbering.lookUp(document), this.delay()]);
    if (scenario.kind === 'rejected') {
      await this.numbering.release(document, 'rejected');
      return scenario;
    }
    return this.answer(document, await this.numbering.assign(document, looked), scenario.warnings);
  }

  private delay(): Promise<void> | undefined {
    return this.delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, this.delayMs)) : undefined;
  }

  async discard(document: DocumentState): Promise<{ kind: 'discarded' } | SubmissionOutcome> {
    const scenario = scenarioFor(document);
    if (scenario.kind === 'rejected') {
      await this.numbering.release(document, 'cancelled');
      return { kind: 'discarded' };
    }
    const assignment = await this.numbering.withdraw(document);
    if (!('number' in assignment)) return { kind: 'discarded' };
    return this.answer(document, assignment, scenario.warnings);
  }

  /** XML, PDF and ZIP built from the document itself, as DIAN would hold it after validating. */
  render(document: DocumentState, format: ArtifactFormat): Promise<Artifact | null> {
    return renderDocumentArtifact(document, format, this.services);
  }

  private answer(document: DocumentState, assignment: Assignment, warnings: AuthorityMessage[]): SubmissionOutcome {
    if ('withdrawn' in assignment) {
      return { kind: 'rejected', errors: [{ code: 'SANDBOX-WITHDRAWN', message: 'Rechazo: el documento fue retirado antes de su validación' }] };
    }
    if ('unavailable' in assignment) {
      return { kind: 'rejected', errors: [{ code: 'SANDBOX-NUMBERING', message: `Rechazo: ${assignment.unavailable.message}` }] };
    }
    return this.validated(document, assignment, warnings);
  }

  private validated(document: DocumentState, assigned: AssignedNumber, warnings: AuthorityMessage[]): SubmissionOutcome {
    const numbered = numberedDocument(document, assigned);
    return {
      kind: 'validated',
      number: assigned.number,
      uniqueCode: numbered.uniqueCode as string,
      validatedAt: this.clock.now().toISOString(),
      warnings,
      numbering: numbered.numbering ?? undefined,
    };
  }
}

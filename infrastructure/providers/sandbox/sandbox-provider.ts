import type { Artifact, ArtifactFormat } from '../../../application/ports/artifact.ts';
import type { Clock } from '../../../application/ports/clock.ts';
import type { DocumentProvider } from '../../../application/ports/document-provider.ts';
import type { SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import type { AuthorityMessage } from '../../../domain/documents/authority-message.ts';
import { renderSandboxArtifact } from './artifacts/render-sandbox-artifact.ts';
import { NO_RENDER_SERVICES, type RenderServices } from './artifacts/render-services.ts';
import type { RangeScope, SandboxNumbering } from './sandbox-numbering.ts';
import { scenarioFor } from './sandbox-scenarios.ts';
import { sandboxUniqueCode } from './sandbox-unique-code.ts';

/**
 * The built-in DIAN sandbox: answers after a delay, validates (numbering from the habilitación range and a real
 * CUFE), validates with a warning, or rejects, as the documented test values say. Resubmitting a document returns
 * the same answer and number.
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
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const scenario = scenarioFor(document);
    if (scenario.kind === 'rejected') return scenario;
    const number = await this.numbering.assign(scope(document), document.id);
    if (number === null) {
      return { kind: 'rejected', errors: [{ code: 'SANDBOX-WITHDRAWN', message: 'Rechazo: el documento fue retirado antes de su validación' }] };
    }
    return this.validated(document, number, scenario.warnings);
  }

  async discard(document: DocumentState): Promise<{ kind: 'discarded' } | SubmissionOutcome> {
    if (scenarioFor(document).kind === 'rejected') return { kind: 'discarded' };
    const number = await this.numbering.withdraw(scope(document), document.id);
    if (number === null) return { kind: 'discarded' };
    const scenario = scenarioFor(document);
    return this.validated(document, number, scenario.kind === 'validated' ? scenario.warnings : []);
  }

  /** XML, PDF and ZIP built from the document itself, as DIAN would hold it after validating. */
  render(document: DocumentState, format: ArtifactFormat): Promise<Artifact | null> {
    return renderSandboxArtifact(document, format, this.services);
  }

  private validated(document: DocumentState, number: string, warnings: AuthorityMessage[]): SubmissionOutcome {
    return {
      kind: 'validated',
      number,
      uniqueCode: sandboxUniqueCode(document, number),
      validatedAt: this.clock.now().toISOString(),
      warnings,
    };
  }
}

function scope(document: DocumentState): RangeScope {
  if (!document.family) throw new Error(`document ${document.id} has no family`);
  return { tenantId: document.tenantId, environment: document.environment, family: document.family };
}

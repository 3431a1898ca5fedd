import type { Artifact, ArtifactFormat } from '../../../application/ports/artifact.ts';
import type { DocumentProvider } from '../../../application/ports/document-provider.ts';
import type { SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';

/**
 * Delegates to the built-in sandbox, except when a test says otherwise: submissions can be held (the invoice stays
 * transmitting) and the next renders can fail with a given error.
 */
export class ControllableProvider implements DocumentProvider {
  readonly name = 'controllable';
  inner: DocumentProvider | undefined;
  holdSubmissions = false;
  readonly renderFailures: Error[] = [];
  private readonly held: Array<() => void> = [];

  async submit(document: DocumentState): Promise<SubmissionOutcome> {
    if (this.holdSubmissions) await new Promise<void>((resolve) => this.held.push(resolve));
    return this.delegate().submit(document);
  }

  discard(document: DocumentState): Promise<{ kind: 'discarded' } | SubmissionOutcome> {
    return this.delegate().discard(document);
  }

  async render(document: DocumentState, format: ArtifactFormat): Promise<Artifact | null> {
    const failure = this.renderFailures.shift();
    if (failure) throw failure;
    return this.delegate().render(document, format);
  }

  release(): void {
    this.holdSubmissions = false;
    this.held.splice(0).forEach((go) => go());
  }

  private delegate(): DocumentProvider {
    if (!this.inner) throw new Error('the controllable provider has no sandbox behind it yet');
    return this.inner;
  }
}

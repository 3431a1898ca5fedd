import { ProviderUnavailableError, type DocumentProvider } from '../../application/ports/document-provider.ts';
import type { SubmissionOutcome } from '../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';

/**
 * Any provider, scripted: down (unavailable) or up; idempotent by document id like a real one, so a resend answers
 * the number it already gave. Every call that reached it is recorded.
 */
export class ScriptedProvider implements DocumentProvider {
  readonly name = 'scripted';
  down = false;
  readonly calls: string[] = [];
  readonly numbers = new Map<string, string>();
  constructor(private readonly failure = 'connection refused') {}

  async submit(document: DocumentState): Promise<SubmissionOutcome> {
    this.calls.push(document.id);
    if (this.down) throw new ProviderUnavailableError(this.failure);
    let number = this.numbers.get(document.id);
    if (!number) {
      number = `SETP${990000000 + this.numbers.size}`;
      this.numbers.set(document.id, number);
    }
    return { kind: 'validated', number, uniqueCode: `cufe-${number}`, validatedAt: '2026-05-06T15:00:00.000Z', warnings: [] };
  }

  async discard(): Promise<{ kind: 'discarded' }> {
    return { kind: 'discarded' };
  }

  async render(): Promise<null> {
    return null;
  }
}

import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';
import { SCHEMA_VERSION } from '../event-sourcing/request-context.ts';
import { ConcurrencyError, type EventStore } from '../ports/event-store.ts';
import type { Scope } from './get-document.ts';

const streamOf = (scope: Scope, family: DocumentFamilyName, number: string) =>
  `authorityNumber-${scope.tenantId}.${scope.environment}.${family}.${number}`;

/**
 * Tax-authority number → document id, kept in the event store (one tiny stream per number) so that a note can name
 * a document validated a moment ago, whatever the lag of the read models.
 */
export class NumberIndex {
  constructor(private readonly store: EventStore) {}

  /**
   * A number is nearly always new: its stream is begun without reading it first (which cost one read per validated
   * document). Only when it exists already (a retried validation, or another document with that number) is it read.
   */
  async record(scope: Scope, family: DocumentFamilyName, number: string, documentId: string): Promise<void> {
    const metadata = { tenantId: scope.tenantId, environment: scope.environment, actor: 'system:numbers', schemaVersion: SCHEMA_VERSION };
    const events = [{ type: 'AuthorityNumberIndexed', data: { documentId, number, family }, metadata }];
    const stream = streamOf(scope, family, number);
    try {
      await this.store.append(stream, events, 'no_stream');
      return;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
    if ((await this.lookup(scope, family, number)).includes(documentId)) return;
    await this.store.append(stream, events, 'any');
  }

  async lookup(scope: Scope, family: DocumentFamilyName, number: string): Promise<string[]> {
    const events = await this.store.readStream(streamOf(scope, family, number));
    return [...new Set(events.map((event) => String(event.data.documentId)))];
  }
}

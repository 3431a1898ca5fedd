import { SCHEMA_VERSION } from '../../../application/event-sourcing/request-context.ts';
import type { EventStore } from '../../../application/ports/event-store.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';

/** DIAN's answers about a document, kept apart from the document's stream and read model (each is several KB). */
export const dianAnswerStreamId = (tenantId: string, documentId: string) => `dianAnswer-${tenantId}.${documentId}`;

/**
 * DIAN's signed ApplicationResponses, one stream per document: every answer that carried one is appended (rejections
 * included, for the record); the validation's is the document's. The AttachedDocument embeds it.
 */
export class DianApplicationResponses {
  constructor(
    private readonly store: EventStore,
    private readonly now: () => Date,
  ) {}

  async record(document: DocumentState, answer: { validated: boolean; base64: string }): Promise<void> {
    const data = { documentId: document.id, uniqueCode: document.uniqueCode, validated: answer.validated, xmlBase64Bytes: answer.base64, receivedAt: this.now().toISOString() };
    const metadata = { tenantId: document.tenantId, environment: document.environment, actor: 'system:dian', schemaVersion: SCHEMA_VERSION };
    await this.store.append(dianAnswerStreamId(document.tenantId, document.id), [{ type: 'DianApplicationResponseReceived', data, metadata }], 'any');
  }

  /** The XML of the ApplicationResponse with which DIAN validated the document; null when DIAN sent none. */
  async of(document: DocumentState): Promise<string | null> {
    const events = await this.store.readStream(dianAnswerStreamId(document.tenantId, document.id));
    const validation = [...events].reverse().find((event) => event.data.validated === true);
    return validation ? Buffer.from(String(validation.data.xmlBase64Bytes), 'base64').toString('utf8') : null;
  }
}

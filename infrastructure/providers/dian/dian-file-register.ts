import { SCHEMA_VERSION } from '../../../application/event-sourcing/request-context.ts';
import { ConcurrencyError, type EventStore } from '../../../application/ports/event-store.ts';
import { DianFileConsecutives } from '../../../application/dian-files/dian-file-consecutives.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { colombiaDateTime } from '../../../domain/shared/colombia-time.ts';
import { dianFileNames, type DianFileNames } from '../../dian/packaging/dian-file-names.ts';

/** The names a document's files got, so a resend carries the same ones. */
export const dianFilesStreamId = (tenantId: string, documentId: string) => `dianFiles-${tenantId}.${documentId}`;

export interface NamedFiles extends DianFileNames {
  year: number;
  consecutive: number;
}

/**
 * The names of a document's files sent to DIAN: the company's file consecutive of the calendar year (Colombian time),
 * taken once; the names are kept on the document's own stream and reused by every resend.
 */
export class DianFileRegister {
  private readonly consecutives: DianFileConsecutives;

  constructor(private readonly store: EventStore) {
    this.consecutives = new DianFileConsecutives(store);
  }

  /** The names the document's files were given, or new ones taken now (`at` decides the year). */
  async namesFor(document: DocumentState, at: Date): Promise<NamedFiles> {
    const recorded = await this.recorded(document);
    if (recorded) return recorded;
    if (!document.family || !document.issuer) throw new Error(`document ${document.id} has no family or issuer to name its DIAN files`);
    const year = Number(colombiaDateTime(at).date.slice(0, 4));
    const consecutive = await this.take(document, year);
    const named: NamedFiles = { ...dianFileNames({ kind: document.family, nit: document.issuer.nit, year, consecutive }), year, consecutive };
    try {
      const metadata = metadataOf(document);
      await this.store.append(dianFilesStreamId(document.tenantId, document.id), [{ type: 'DianFilesNamed', data: { documentId: document.id, ...named }, metadata }], 'no_stream');
      return named;
    } catch (error) {
      // Another attempt named the document first: its names stand (this consecutive stays unused, a harmless gap).
      if (!(error instanceof ConcurrencyError)) throw error;
      return (await this.recorded(document)) ?? named;
    }
  }

  /** The names the document got, null before its first send. */
  async recorded(document: DocumentState): Promise<NamedFiles | null> {
    const [named] = await this.store.readStream(dianFilesStreamId(document.tenantId, document.id));
    if (!named) return null;
    const { xml, zip, year, consecutive } = named.data;
    return { xml: String(xml), zip: String(zip), year: Number(year), consecutive: Number(consecutive) };
  }

  private take(document: DocumentState, year: number): Promise<number> {
    return this.consecutives.next(document.tenantId, document.environment, year, document.id);
  }
}

function metadataOf(document: DocumentState) {
  return { tenantId: document.tenantId, environment: document.environment, actor: 'system:dian', schemaVersion: SCHEMA_VERSION };
}

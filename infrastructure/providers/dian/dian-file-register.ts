import { SCHEMA_VERSION } from '../../../application/event-sourcing/request-context.ts';
import { ConcurrencyError, type EventStore, type ExpectedRevision } from '../../../application/ports/event-store.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { colombiaDateTime } from '../../../domain/shared/colombia-time.ts';
import { dianFileNames, type DianFileNames } from '../../dian/packaging/dian-file-names.ts';

/** The count of files a company sent DIAN in a year and environment: one event per file, its consecutive = revision + 1. */
export const dianFileCounterStreamId = (tenantId: string, environment: string, year: number) => `dianFileCounter-${tenantId}.${environment}.${year}`;
/** The names a document's files got, so a resend carries the same ones. */
export const dianFilesStreamId = (tenantId: string, documentId: string) => `dianFiles-${tenantId}.${documentId}`;

/** Lost races in a row before giving up: each one means another instance took a consecutive meanwhile. */
const MAX_RACES = 50;

export interface NamedFiles extends DianFileNames {
  year: number;
  consecutive: number;
}

/**
 * The hexadecimal consecutive of DIAN's file names, per company, environment and calendar year (Colombian time): each
 * one is appended to the year's counter stream with the revision it was decided on, so two instances never take the
 * same one (the loser moves past the winner's revision and tries again). Within an instance the takes of a counter
 * take turns. The first names a document gets are kept on its own stream and reused by every resend.
 */
export class DianFileRegister {
  private readonly heads = new Map<string, ExpectedRevision>();
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(private readonly store: EventStore) {}

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
    const streamId = dianFileCounterStreamId(document.tenantId, document.environment, year);
    return this.inTurn(streamId, async () => {
      for (let attempt = 1; ; attempt += 1) {
        const head = this.heads.get(streamId) ?? (await this.head(streamId));
        const consecutive = head === 'no_stream' ? 1 : Number(head) + 2;
        const event = { type: 'DianFileConsecutiveTaken', data: { documentId: document.id, consecutive }, metadata: metadataOf(document) };
        try {
          const result = await this.store.append(streamId, [event], head);
          this.heads.set(streamId, result.nextExpectedRevision);
          return consecutive;
        } catch (error) {
          this.heads.delete(streamId);
          if (!(error instanceof ConcurrencyError) || attempt >= MAX_RACES) throw error;
          if (typeof error.actual === 'bigint') this.heads.set(streamId, error.actual);
        }
      }
    });
  }

  /** The revision of the counter's last event: read once per process and year, then kept. */
  private async head(streamId: string): Promise<ExpectedRevision> {
    const events = await this.store.readStream(streamId);
    return events.length === 0 ? 'no_stream' : events[events.length - 1].revision;
  }

  private inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.turns.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.turns.set(key, run);
    return run;
  }
}

function metadataOf(document: DocumentState) {
  return { tenantId: document.tenantId, environment: document.environment, actor: 'system:dian', schemaVersion: SCHEMA_VERSION };
}

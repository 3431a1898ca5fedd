import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { DocumentStatus } from '../../domain/documents/document-status.ts';
import type { Artifact, ArtifactFormat } from '../ports/artifact.ts';
import type { DocumentProvider } from '../ports/document-provider.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import { ArchiveTooLargeError, RenderingBusyError, RepresentationUnavailableError } from './artifact-errors.ts';
import { DocumentNotFoundError } from './document-errors.ts';
import type { DocumentRow } from './document-row.ts';
import type { GetDocument, Scope } from './get-document.ts';
import { rowsIssuedIn, whereIssuedIn, type IssuePeriod } from './rows-issued-in.ts';

export interface ArchiveQuery extends IssuePeriod {
  /** The families to archive, one after another, each with the formats to render of it. */
  families: ReadonlyArray<{ family: DocumentFamily; formats: readonly ArtifactFormat[] }>;
}

/** One document DIAN accepted in the period and its files, as its downloads serve them. */
export interface ArchivedDocument {
  family: DocumentFamily;
  document: DocumentState;
  files: Array<{ format: ArtifactFormat; artifact: Artifact }>;
}

/** What DIAN accepted: validated, and validated then annulled by a note (still a document to keep). */
const ARCHIVED_STATUSES = ['validated', 'voided'] as const satisfies readonly DocumentStatus[];
const isArchived = (status: string) => (ARCHIVED_STATUSES as readonly string[]).includes(status);
/** Rows read per page: the archive holds one page and one document's files at a time. */
const PAGE_SIZE = 50;
/** The most documents one archive holds: its ZIP stays within 65,535 entries (three files each) and well within 4 GiB. */
export const ARCHIVE_MAX_DOCUMENTS = 10_000;
const BUSY_PAUSE_MS = 100;
const BUSY_PATIENCE_MS = 60_000;

/**
 * The documents DIAN accepted of a company and environment issued in a period, each with its files rendered by the
 * provider exactly as `GET {base}/{id}/{format}` serves them, produced one document at a time: memory stays flat
 * whatever the period holds, and a consumer that stops pulling (backpressure, a client gone) stops the renders.
 */
export class DocumentArchive {
  constructor(
    private readonly rows: ReadModelCollection<DocumentRow>,
    private readonly getDocument: GetDocument,
    private readonly provider: DocumentProvider,
    private readonly logger: Logger,
    private readonly limits: { pageSize: number; maxDocuments: number } = { pageSize: PAGE_SIZE, maxDocuments: ARCHIVE_MAX_DOCUMENTS },
  ) {}

  /** Refuses, before any byte, a period whose archive would pass ARCHIVE_MAX_DOCUMENTS (as the lists count them). */
  async checkSize(query: ArchiveQuery, scope: Scope): Promise<void> {
    const counts = await Promise.all(query.families.flatMap(({ family }) =>
      ARCHIVED_STATUSES.map((status) => this.rows.count({ ...scope, where: whereIssuedIn(family, query, status) }))));
    const documents = counts.reduce((sum, count) => sum + count, 0);
    if (documents > this.limits.maxDocuments) throw new ArchiveTooLargeError(documents, this.limits.maxDocuments);
  }

  async *documents(query: ArchiveQuery, scope: Scope): AsyncGenerator<ArchivedDocument> {
    const tally = { documents: 0, files: 0, bytes: 0 };
    let outcome = 'ended early';
    try {
      for (const { family, formats } of query.families) {
        for await (const row of rowsIssuedIn(this.rows, family, query, scope, { pageSize: this.limits.pageSize })) {
          if (!isArchived(row.status)) continue;
          const archived = await this.archived(family, row.id, formats, scope);
          if (!archived) continue;
          tally.documents += 1;
          tally.files += archived.files.length;
          tally.bytes += archived.files.reduce((sum, { artifact }) => sum + artifact.bytes.length, 0);
          yield archived;
        }
      }
      outcome = 'finished';
    } finally {
      this.logger.info({ ...scope, from: query.from, to: query.to, families: query.families.map(({ family }) => family.name), ...tally }, `document archive ${outcome}`);
    }
  }

  /** The document as its stream says now (a list row may trail it), with its files; undefined when no longer numbered here. */
  private async archived(family: DocumentFamily, id: string, formats: readonly ArtifactFormat[], scope: Scope): Promise<ArchivedDocument | undefined> {
    let document: DocumentState;
    try {
      document = await this.getDocument.execute(family, id, scope);
    } catch (error) {
      if (error instanceof DocumentNotFoundError) return undefined;
      throw error;
    }
    if (document.number === null || !isArchived(document.status)) return undefined;
    const files: ArchivedDocument['files'] = [];
    for (const format of formats) {
      // The formats are those the family's downloads serve: a provider without one fails the archive, never thins it.
      const artifact = await this.render(document, format);
      if (!artifact) throw new RepresentationUnavailableError(document.id, format);
      files.push({ format, artifact });
    }
    return { family, document, files };
  }

  /**
   * The provider's file. The archive yields to interactive downloads: when every render thread is busy and their queue
   * full, it waits and asks again (up to a minute in all) rather than failing the whole archive.
   */
  private async render(document: DocumentState, format: ArtifactFormat): Promise<Artifact | null> {
    for (let waited = 0, pause = BUSY_PAUSE_MS; ; waited += pause, pause = Math.min(pause * 2, 5_000)) {
      try {
        return await this.provider.render(document, format);
      } catch (error) {
        if (!(error instanceof RenderingBusyError) || waited >= BUSY_PATIENCE_MS) throw error;
        await delay(pause);
      }
    }
  }
}

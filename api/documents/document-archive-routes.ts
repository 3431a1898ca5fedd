import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import type { ArchivedDocument, DocumentArchive } from '../../application/documents/document-archive.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { colombiaDateTime } from '../../domain/shared/colombia-time.ts';
import { StreamingZip } from '../../infrastructure/rendering/streaming-zip.ts';
import { authenticate, principalOf, requireScope } from '../http/authentication.ts';
import { started, untilDoneOrGone } from '../http/streamed-answer.ts';
import { archivedPath, indexCsv, indexRows } from './archive-index.ts';
import { parseArchiveQuery } from './archive-query.ts';

export const DOCUMENTS_ARCHIVE = '/v1/documents/archive';
export const ARCHIVE_INDEX = 'indice.csv';

/**
 * The ZIP of the documents, produced as they come: each file as its download serves it (a PDF stored, as its streams
 * are compressed already; XML deflated), stamped with its document's issue date and time, then the index of every file
 * with its SHA-256. The index is the one thing that grows with the period (a row per file).
 */
async function* zipChunks(documents: AsyncGenerator<ArchivedDocument>): AsyncGenerator<Uint8Array> {
  const zip = new StreamingZip();
  const index: string[][] = [];
  try {
    for await (const archived of documents) {
      const stamp = { date: archived.document.issueDate, time: archived.document.issueTime };
      for (const { format, artifact } of archived.files) {
        yield* zip.add({ name: archivedPath(archived, artifact.fileName), bytes: artifact.bytes, stored: format === 'pdf' }, stamp);
      }
      index.push(...indexRows(archived));
    }
    yield* zip.add({ name: ARCHIVE_INDEX, bytes: indexCsv(index) }, colombiaDateTime(new Date()));
    yield* zip.end();
  } finally {
    await documents.return(undefined);
  }
}

/**
 * GET /v1/documents/archive: a period's validated documents as one ZIP, streamed as they are rendered; `pipeline` writes
 * only as fast as the client reads and stops the renders when the client goes away. A failure after the first byte
 * cuts the transfer short (no final chunk), so a client never takes a partial archive for a whole one.
 */
export function documentArchiveRoutes(services: { apiKeys: ApiKeys; documentArchive: DocumentArchive }): Router {
  const router = Router();
  router.get(DOCUMENTS_ARCHIVE, authenticate(services.apiKeys), requireScope('invoices:read'), async (req: Request, res: Response) => {
    const query = parseArchiveQuery(req.query as Record<string, unknown>);
    const scope = principalOf(res);
    await services.documentArchive.checkSize(query, scope);
    const chunks = await started(zipChunks(services.documentArchive.documents(query, scope)));
    // The dates are YYYY-MM-DD: nothing in the name needs escaping.
    res.status(200).type('application/zip').set({ 'Content-Disposition': `attachment; filename="documentos-${query.from}-${query.to}.zip"`, 'Cache-Control': 'no-store' });
    await untilDoneOrGone(pipeline(Readable.from(chunks), res));
  });
  return router;
}

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import type { AuditExport, ExportedDocument } from '../../application/audit/audit-export.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { authenticate, principalOf, requireScope } from '../http/authentication.ts';
import { csvWriter } from '../http/csv-writer.ts';
import { started, untilDoneOrGone } from '../http/streamed-answer.ts';
import { CSV_COLUMNS, csvRecords, jsonLine } from './audit-export-formats.ts';
import { parseExportQuery, type ExportFormat } from './audit-export-query.ts';

export const AUDIT_EXPORT = '/v1/audit/export';

async function* csvRows(documents: AsyncIterable<ExportedDocument>): AsyncGenerator<string[]> {
  for await (const document of documents) yield* csvRecords(document);
}

async function* jsonLines(documents: AsyncIterable<ExportedDocument>): AsyncGenerator<string> {
  for await (const document of documents) yield jsonLine(document);
}

const CONTENT: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson' };

/**
 * GET /v1/audit/export: a period's documents with their events, streamed as they are read; `pipeline` writes only as
 * fast as the client reads (it waits for `drain`) and stops the reads when the client goes away.
 */
export function auditExportRoutes(services: { apiKeys: ApiKeys; audit: { auditExport: AuditExport } }): Router {
  const router = Router();
  router.get(AUDIT_EXPORT, authenticate(services.apiKeys), requireScope('invoices:read'), async (req: Request, res: Response) => {
    const { format, ...query } = parseExportQuery(req.query as Record<string, unknown>);
    const source = await started(services.audit.auditExport.documents(query, principalOf(res)));
    res.status(200).type(CONTENT[format]).set('Cache-Control', 'no-store');
    // The dates are YYYY-MM-DD: nothing in the name needs escaping.
    if (format === 'csv') res.set('Content-Disposition', `attachment; filename="auditoria-${query.from}-${query.to}.csv"`);
    await untilDoneOrGone(
      format === 'csv' ? pipeline(Readable.from(csvRows(source)), csvWriter(CSV_COLUMNS), res) : pipeline(Readable.from(jsonLines(source)), res),
    );
  });
  return router;
}

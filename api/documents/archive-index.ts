import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { ArchivedDocument } from '../../application/documents/document-archive.ts';
import { FAMILY_PATH_NAMES } from '../../application/representations/document-bases.ts';
import { csvOptions } from '../http/csv-writer.ts';

/** The index's columns: one row per file, with the document it belongs to. */
export const INDEX_COLUMNS = [
  'file',
  'sha256',
  'family',
  'number',
  'issue_date',
  'unique_code',
  'counterparty_identification',
  'counterparty_name',
  'payable_amount',
  'document_id',
] as const;

/** Where a document's file goes in the archive: a folder per family (its path name), the download's own name. */
export const archivedPath = (archived: ArchivedDocument, fileName: string) => `${FAMILY_PATH_NAMES[archived.family.name]}/${fileName}`;

/** The index rows of one archived document. */
export function indexRows(archived: ArchivedDocument): string[][] {
  const { family, document } = archived;
  const counterparty = family.counterparty(document.body);
  return archived.files.map(({ artifact }) => [
    archivedPath(archived, artifact.fileName),
    createHash('sha256').update(artifact.bytes).digest('hex'),
    FAMILY_PATH_NAMES[family.name],
    document.number ?? '',
    document.issueDate,
    document.uniqueCode ?? '',
    counterparty.identification ?? '',
    counterparty.name ?? '',
    String(document.totals.payable_amount ?? ''),
    document.id,
  ]);
}

/** The index as CSV, written as the audit export's (csvOptions), so that a reader checks every file against its hash. */
export function indexCsv(rows: readonly string[][]): Buffer {
  return Buffer.from(stringify(rows as string[][], csvOptions(INDEX_COLUMNS)));
}

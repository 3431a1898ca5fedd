import { unzipSync } from 'fflate';
import type { CheckList } from './checks.ts';

export interface ZipEntryFile {
  name: string;
  xml: string;
}

/** The XML entries of a contentFile, or the StatusCode-89 text DIAN refuses it with (reference §5, §7). */
export interface ZipContents {
  /** Every entry name of the ZIP. */
  names: string[];
  /** The `.xml` entries; empty when refused. */
  entries: ZipEntryFile[];
  refusal: string | null;
}

const SINGLE_DOCUMENT: Record<string, string> = {
  SendBillSync: 'El método síncrono solo puede recibir un documento.',
  SendNominaSync: 'El método síncrono SendNominaSync solo puede recibir un documento.',
  SendEventUpdateStatus: 'El método SendEventUpdateStatus solo puede recibir un documento.',
};

/** Decodes base64 contentFile, checks the ZIP magic, `.xml` entries and (for sync operations) a single document. */
export function readContentFile(operation: string, base64: string | undefined, checks: CheckList): ZipContents {
  const bytes = Buffer.from((base64 ?? '').replace(/\s+/g, ''), 'base64');
  if (bytes.length === 0) {
    checks.add('zip-magic', false, 'no contentFile');
    return { names: [], entries: [], refusal: 'Archivo no enviado.' };
  }
  if (!checks.add('zip-magic', bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])), `first bytes ${bytes.subarray(0, 4).toString('hex')}`)) {
    return { names: [], entries: [], refusal: 'MIMEType del archivo inválido (application/octet-stream).' };
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (error) {
    checks.add('zip-entries-xml', false, `unreadable ZIP: ${(error as Error).message}`);
    return { names: [], entries: [], refusal: 'El archivo está corrupto.' };
  }
  const names = Object.keys(files).filter((name) => !name.startsWith('__MACOSX') && !name.endsWith('/'));
  const notXml = names.filter((name) => !name.toLowerCase().endsWith('.xml'));
  checks.add('zip-entries-xml', names.length > 0 && notXml.length === 0, notXml.length > 0 ? `entries not .xml: ${notXml.join(', ')}` : names.length === 0 ? 'empty ZIP' : undefined);
  const entries = names.filter((name) => name.toLowerCase().endsWith('.xml')).map((name) => ({ name, xml: Buffer.from(files[name]).toString('utf8') }));
  if (entries.length === 0) return { names, entries: [], refusal: 'El archivo ZIP se encuentra vacío.' };
  const single = SINGLE_DOCUMENT[operation];
  if (single !== undefined && !checks.add('zip-single-document', entries.length === 1, `${entries.length} XML entries`)) return { names, entries: [], refusal: single };
  return { names, entries, refusal: null };
}

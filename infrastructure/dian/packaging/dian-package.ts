import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { renderDocumentArtifact } from '../../rendering/render-document-artifact.ts';
import type { RenderServices } from '../../rendering/render-services.ts';
import { zipEntries } from '../../rendering/zip.ts';
import type { DianFileNames } from './dian-file-names.ts';

/** What goes to DIAN for one document: its signed XML, alone in a ZIP (one document per ZIP, as sync sends require). */
export interface DianPackage {
  xml: Buffer;
  zip: Buffer;
}

/**
 * The numbered document's signed XML, zipped under its DIAN file name. The render is a function of the document and
 * the company's key, and the ZIP is stamped with the issue instant, so a resend carries the same bytes.
 */
export async function dianPackage(numbered: DocumentState, names: DianFileNames, services: RenderServices): Promise<DianPackage> {
  const artifact = await renderDocumentArtifact(numbered, 'xml', services);
  if (!artifact) throw new Error(`document ${numbered.id} (${numbered.family}) has no XML to send to DIAN`);
  const zip = zipEntries([{ name: names.xml, bytes: artifact.bytes }], { date: numbered.issueDate, time: numbered.issueTime });
  return { xml: artifact.bytes, zip };
}

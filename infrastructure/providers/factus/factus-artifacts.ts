import { CONTENT_TYPES, fileName } from '../../../application/documents/artifact-files.ts';
import type { Artifact, ArtifactFormat } from '../../../application/ports/artifact.ts';
import type { FactusResource } from './factus-resources.ts';
import { expectSuccess } from './factus-lookup.ts';
import type { FactusClient } from './http/factus-client.ts';

/** Where each format's base64 content is in Factus's answer (§1.2): the zip is the e-mail content's attachment. */
const CONTENT_FIELDS: Readonly<Record<ArtifactFormat, string>> = {
  pdf: 'pdf_base_64_encoded',
  xml: 'xml_base_64_encoded',
  'attached-xml': 'xml_base_64_encoded',
  zip: 'attached_document',
};

/** A representation Factus serves for the family, or null when it serves none (or has none for this number). */
export async function downloadArtifact(client: FactusClient, resource: FactusResource, number: string, format: ArtifactFormat): Promise<Artifact | null> {
  const path = resource.downloads[format]?.(number);
  if (!path) return null;
  const answer = await client.get(path);
  if (answer.status === 404) return null;
  expectSuccess(answer, `GET ${path}`);
  const data = (answer.body.data ?? {}) as Record<string, unknown>;
  const encoded = data[CONTENT_FIELDS[format]];
  if (typeof encoded !== 'string' || encoded === '') return null;
  const artifact: Artifact = { contentType: CONTENT_TYPES[format], fileName: fileName(format, number), bytes: Buffer.from(encoded, 'base64') };
  if (format === 'zip') artifact.headers = { 'X-Email-Subject': encodeURIComponent(String(data.subject ?? '')) };
  return artifact;
}

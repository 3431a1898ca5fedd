import type { ArtifactFormat } from '../ports/artifact.ts';

/** Media type of each format. */
export const CONTENT_TYPES: Readonly<Record<ArtifactFormat, string>> = {
  xml: 'application/xml; charset=utf-8',
  'attached-xml': 'application/xml; charset=utf-8',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/**
 * Download names from the number: the document as <number>.xml and <number>.pdf; the AttachedDocument and the ZIP
 * with DIAN's file-kind prefixes, ad<number>.xml and z<number>.zip.
 */
export function fileName(format: ArtifactFormat, number: string): string {
  switch (format) {
    case 'xml':
      return `${number}.xml`;
    case 'attached-xml':
      return `ad${number}.xml`;
    case 'pdf':
      return `${number}.pdf`;
    case 'zip':
      return `z${number}.zip`;
  }
}

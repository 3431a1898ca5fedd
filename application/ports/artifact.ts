/** The representations of a numbered document a provider may render (seed 000, GET {base}/{id}/{format}). */
export const ARTIFACT_FORMATS = ['pdf', 'xml', 'attached-xml', 'zip'] as const;
export type ArtifactFormat = (typeof ARTIFACT_FORMATS)[number];

export function isArtifactFormat(value: string): value is ArtifactFormat {
  return (ARTIFACT_FORMATS as readonly string[]).includes(value);
}

/** A rendered file: its bytes, media type, download name, and any header it must travel with. */
export interface Artifact {
  contentType: string;
  fileName: string;
  bytes: Buffer;
  headers?: Record<string, string>;
}

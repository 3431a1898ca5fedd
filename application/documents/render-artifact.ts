import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { Artifact, ArtifactFormat } from '../ports/artifact.ts';
import type { DocumentProvider } from '../ports/document-provider.ts';
import { DocumentNotNumberedError, RepresentationUnavailableError } from './artifact-errors.ts';
import type { GetDocument, Scope } from './get-document.ts';

/** One representation (XML, PDF, ZIP...) of a numbered document of the caller's tenant, as the provider renders it. */
export class RenderArtifact {
  constructor(
    private readonly documents: GetDocument,
    private readonly provider: DocumentProvider,
  ) {}

  async execute(family: DocumentFamily, documentId: string, format: ArtifactFormat, scope: Scope): Promise<Artifact> {
    const document = await this.documents.execute(family, documentId, scope);
    if (document.number === null) throw new DocumentNotNumberedError(documentId, document.status);
    const artifact = await this.provider.render(document, format);
    if (artifact === null) throw new RepresentationUnavailableError(documentId, format);
    return artifact;
  }
}

import type { ArtifactFormat } from '../ports/artifact.ts';

/** The document has no tax-authority number yet (or never got one), so it has no representation. */
export class DocumentNotNumberedError extends Error {
  constructor(readonly documentId: string, readonly status: string) {
    super(`the document is ${status}; it has no tax authority number, so it has no representation yet`);
    this.name = 'DocumentNotNumberedError';
  }
}

/** The provider answered without a representation of a numbered document. */
export class RepresentationUnavailableError extends Error {
  constructor(readonly documentId: string, readonly format: ArtifactFormat) {
    super(`the provider returned no ${format} representation of document ${documentId}`);
    this.name = 'RepresentationUnavailableError';
  }
}

/** Every render thread is busy and the renders waiting for one fill their queue: try again in a moment. */
export class RenderingBusyError extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} renders are already waiting for a render thread`);
    this.name = 'RenderingBusyError';
  }
}

/** A period's archive would hold more documents than one archive may: a shorter period, or one family, fits. */
export class ArchiveTooLargeError extends Error {
  constructor(readonly documents: number, readonly limit: number) {
    super(`the period holds ${documents} validated documents and an archive holds at most ${limit}; ask for a shorter period or one family`);
    this.name = 'ArchiveTooLargeError';
  }
}

import type { Artifact, ArtifactFormat } from '../../application/ports/artifact.ts';
import type { XmlSigner } from '../../application/ports/xml-signer.ts';
import { UNSIGNED_XML } from '../../application/ports/xml-signer.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';

/** A company's logo as its PDF shows it. */
export interface CompanyLogo {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
}

/** What a render needs from outside the document: the tenant's signing key and its logo. */
export interface RenderServices {
  signer: XmlSigner;
  /** The logo of the company as recorded on the document's issuer; null when it has none. */
  logoOf(document: DocumentState): Promise<CompanyLogo | null>;
  /**
   * The authority's own signed ApplicationResponse for the document (DIAN direct keeps it), put in the AttachedDocument;
   * unset or null: the stand-in answer is built from the document (the sandbox).
   */
  authorityResponseOf?(document: DocumentState): Promise<string | null>;
  /** Where renders run when not on the calling thread (the render threads); unset: here. */
  offload?: RenderOffload;
  /**
   * Told where each render of a file ran, or that it was refused, and how long it took from the asking to the bytes
   * (or the refusal), the lookups and the wait for a render thread included (the service's metrics).
   */
  rendered?(format: ArtifactFormat, where: RenderPlace, seconds: number): void;
}

/** Where a render ran: in a render thread, on the thread that asked for the file, or nowhere (the queue was full). */
export type RenderPlace = 'render-thread' | 'calling-thread' | 'refused';

/**
 * Renders a document elsewhere with these services, to the bytes a render here would give, and says where it ran (the
 * calling thread when it could not be handed over). A full queue throws RenderingBusyError.
 */
export interface RenderOffload {
  render(document: DocumentState, format: ArtifactFormat, services: RenderServices): Promise<{ artifact: Artifact | null; where: RenderPlace }>;
}

export const NO_RENDER_SERVICES: RenderServices = { signer: UNSIGNED_XML, logoOf: async () => null };

import type { Artifact, ArtifactFormat } from '../../../application/ports/artifact.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import type { SigningMaterial } from '../../signing/sign-xml.ts';
import type { CompanyLogo } from '../render-services.ts';

/**
 * Everything a render thread needs, looked up by the thread that asked: the thread holds no store, no cache and no
 * secret of its own. Buffers cross as Uint8Arrays, so each side turns them back into Buffers.
 */
export interface RenderInputs {
  document: DocumentState;
  format: ArtifactFormat;
  logo: CompanyLogo | null;
  /** DIAN's own ApplicationResponse, for the formats that hold it; null: the stand-in built from the document. */
  authorityResponse: string | null;
  /** The company's key and chain for the formats that are signed; null: unsigned. */
  signing: SigningMaterial | null;
}

/** A signature alone: an XML the asking thread built, signed in a render thread with the key and chain it looked up. */
export interface SignatureInputs {
  kind: 'signature';
  xml: string;
  signing: SigningMaterial;
  /** xades:SigningTime (ISO 8601 with its offset). */
  signingTime: string;
}

/** What a render thread is handed: a document's file to render, or an XML to sign. */
export type RenderTaskInputs = RenderInputs | SignatureInputs;

export const isSignature = (inputs: RenderTaskInputs): inputs is SignatureInputs => 'kind' in inputs && inputs.kind === 'signature';

/** A Buffer over the same memory as a Uint8Array that crossed threads (structured clone drops the Buffer class). */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** An artifact as a thread's answer delivers it: its bytes back in a Buffer. */
export function receivedArtifact(artifact: Artifact | null): Artifact | null {
  return artifact && { ...artifact, bytes: asBuffer(artifact.bytes) };
}

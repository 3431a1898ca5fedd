import { performance } from 'node:perf_hooks';
import { RenderingBusyError } from '../../application/documents/artifact-errors.ts';
import type { Artifact, ArtifactFormat } from '../../application/ports/artifact.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { applicationResponseXml } from './application-response.ts';
import { CONTENT_TYPES, fileName } from '../../application/documents/artifact-files.ts';
import { attachedDocumentXml } from './attached-document.ts';
import { commercialViewOf } from './commercial/commercial-view-of.ts';
import { documentXml } from './document-xml.ts';
import { emailSubject } from './email-subject.ts';
import { renderContext, type RenderContext } from './render-context.ts';
import { NO_RENDER_SERVICES, type RenderPlace, type RenderServices } from './render-services.ts';
import { RENDERED_FORMATS } from './rendered-formats.ts';
import { zipEntries } from './zip.ts';

type Builder = (context: RenderContext, services: RenderServices) => Promise<{ bytes: Buffer; headers?: Record<string, string> }>;

const ownXml = (context: RenderContext) => context.sign(documentXml(context));
/** DIAN's ApplicationResponse when the provider kept it; the stand-in built from the document otherwise. */
const responseXml = async (context: RenderContext, services: RenderServices) =>
  (await services.authorityResponseOf?.(context.document)) ?? applicationResponseXml(context);
/** The issuer signs its document and the container; DIAN's answer inside is DIAN's own (the sandbox leaves it unsigned). */
const attachedXml = async (context: RenderContext, services: RenderServices) =>
  context.sign(attachedDocumentXml(context, await ownXml(context), await responseXml(context, services)));
// PDFKit and its fonts, images and QR codes are imported on the first PDF: the processes that never draw one (the CLI,
// a service whose renders run in their threads) start without them. Only a Buffer comes back: under mocha, which
// loads this code as CommonJS, the import makes second copies of the modules it reaches, and nothing compares them.
const pdfOf = async (context: RenderContext) => (await import('./pdf/commercial-pdf.ts')).commercialPdf(context, commercialViewOf(context.document));

const BUILDERS: Readonly<Record<ArtifactFormat, Builder>> = {
  xml: async (context) => ({ bytes: Buffer.from(await ownXml(context)) }),
  'attached-xml': async (context, services) => ({ bytes: Buffer.from(await attachedXml(context, services)) }),
  pdf: async (context) => ({ bytes: await pdfOf(context) }),
  zip: async (context, services) => ({
    bytes: zipEntries(
      [
        { name: fileName('attached-xml', context.number), bytes: Buffer.from(await attachedXml(context, services)) },
        { name: fileName('pdf', context.number), bytes: await pdfOf(context), stored: true },
      ],
      { date: context.document.issueDate, time: context.document.issueTime },
    ),
    headers: { 'X-Email-Subject': encodeURIComponent(emailSubject(context)) },
  }),
};

/** The formats whose file the issuer signs. */
export const SIGNED_FORMATS: ReadonlySet<ArtifactFormat> = new Set(['xml', 'attached-xml', 'zip']);
/** The formats whose file holds the authority's answer (the AttachedDocument). */
export const WITH_AUTHORITY_RESPONSE: ReadonlySet<ArtifactFormat> = new Set(['attached-xml', 'zip']);

/**
 * A function of the numbered document and the company's keys and logo: the same document renders to the same bytes
 * (the signature states the issue instant, and RSA PKCS#1 v1.5 signatures are deterministic). Rendered where the
 * services say (`offload`: the render threads), on this thread otherwise.
 */
export async function renderDocumentArtifact(document: DocumentState, format: ArtifactFormat, services: RenderServices = NO_RENDER_SERVICES): Promise<Artifact | null> {
  const start = performance.now();
  const told = (where: RenderPlace) => services.rendered?.(format, where, (performance.now() - start) / 1000);
  if (!services.offload) {
    const artifact = await renderHere(document, format, services);
    told('calling-thread');
    return artifact;
  }
  try {
    const { artifact, where } = await services.offload.render(document, format, services);
    told(where);
    return artifact;
  } catch (error) {
    if (error instanceof RenderingBusyError) told('refused');
    throw error;
  }
}

/** The render itself, on the calling thread. */
export async function renderHere(document: DocumentState, format: ArtifactFormat, services: RenderServices): Promise<Artifact | null> {
  const context = await renderContext(document, services);
  if (!RENDERED_FORMATS[context.family.name].includes(format)) return null;
  const { bytes, headers } = await BUILDERS[format](context, services);
  return { contentType: CONTENT_TYPES[format], fileName: fileName(format, context.number), bytes, ...(headers && { headers }) };
}

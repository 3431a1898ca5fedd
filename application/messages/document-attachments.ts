import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { ArtifactFormat } from '../ports/artifact.ts';
import type { DocumentProvider } from '../ports/document-provider.ts';
import type { MailAttachment } from '../ports/mail-transport.ts';

/** What goes with an e-mailed document (seed 000, reference §6): the ZIP; support documents and adjustment notes: PDF and XML. */
export const EMAIL_ARTIFACTS: Partial<Record<DocumentFamilyName, readonly ArtifactFormat[]>> = {
  'sales-invoice': ['zip'],
  'credit-note': ['zip'],
  'debit-note': ['zip'],
  'support-document': ['pdf', 'xml'],
  'adjustment-note': ['pdf', 'xml'],
};

/**
 * The single integration point between e-mail and the artifacts (XML/PDF/ZIP) the provider renders: every file a
 * document's e-mail carries. A format the provider has no representation for (null) is left out.
 */
export async function documentEmailAttachments(provider: DocumentProvider, document: DocumentState): Promise<MailAttachment[]> {
  const formats = (document.family && EMAIL_ARTIFACTS[document.family]) || [];
  const artifacts = await Promise.all(formats.map((format) => provider.render(document, format)));
  return artifacts.filter((artifact) => artifact !== null).map((artifact) => ({ filename: artifact.fileName, content: artifact.bytes }));
}

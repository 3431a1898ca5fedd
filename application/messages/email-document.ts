import { DocumentNotNumberedError } from '../documents/artifact-errors.ts';
import type { GetDocument } from '../documents/get-document.ts';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import { dianEmailSubject } from '../../domain/messages/dian-email-subject.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { DocumentProvider } from '../ports/document-provider.ts';
import type { Principal } from '../tenancy/api-keys.ts';
import type { Brands } from './brands.ts';
import { documentEmailAttachments } from './document-attachments.ts';
import { documentTemplateData } from './document-template-data.ts';
import { BrandNotFoundError } from './message-errors.ts';
import type { SendMessage, SendResult } from './send-message.ts';

interface EmailDocumentInput {
  family: DocumentFamily;
  documentId: string;
  email: string;
  idempotencyKey?: string;
}

/**
 * Seed 000 `POST {base}/{id}/email`: a `factura-electronica` message to the given address (never the customer's
 * address from the document), with the DIAN subject and the document's artifacts attached.
 */
export class EmailDocument {
  constructor(
    private readonly documents: GetDocument,
    private readonly provider: DocumentProvider,
    private readonly brands: Brands,
    private readonly sendMessage: SendMessage,
  ) {}

  async execute(input: EmailDocumentInput, caller: Principal, context: RequestContext): Promise<SendResult> {
    const { family } = input;
    const document = await this.documents.execute(family, input.documentId, caller);
    if (document.number === null || !document.issuer) throw new DocumentNotNumberedError(document.id, document.status);
    const files = await documentEmailAttachments(this.provider, document);
    // The company's default brand when this key may use it; otherwise its built-in one (its own legal details).
    const brand = await this.brands
      .resolve(caller.tenantId, undefined, caller.keyId)
      .catch((error) => (error instanceof BrandNotFoundError ? this.brands.builtin(caller.tenantId) : Promise.reject(error)));
    const { issuer } = document;
    const subject = dianEmailSubject({ nit: issuer.nit, legalName: issuer.legal_name, number: document.number, typeCode: family.typeCode, tradeName: issuer.trade_name });
    return this.sendMessage.execute(
      {
        to: [input.email],
        template: { slug: 'factura-electronica' },
        data: documentTemplateData(family, document, files.map((file) => file.filename)),
        content: {
          subject,
          fromName: issuer.trade_name || issuer.legal_name,
          // Replies (and the acquirer's answers to the document) reach the company: its brand's contact address,
          // which for its built-in brand is the e-mail of its profile.
          ...(brand.legal.email && { replyTo: brand.legal.email }),
          attachments: files.map((file) => ({ filename: file.filename, content: file.content.toString('base64') })),
        },
        // Scoped to the document, so a key reused on another document or on /v1/messages names another message.
        idempotencyKey: input.idempotencyKey && `document:${document.id}:${input.idempotencyKey}`,
        document: { family: family.name, documentId: document.id, number: document.number },
      },
      caller,
      context,
      { brand },
    );
  }
}

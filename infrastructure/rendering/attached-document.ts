import { commercialViewOf } from './commercial/commercial-view-of.ts';
import { DIAN_PARTY } from './dian-party.ts';
import { VALIDATION_RESULT } from './application-response.ts';
import type { RenderContext } from './render-context.ts';
import { taxScheme } from './ubl/parties.ts';
import { UBL, ublPrefixes } from './ubl/ubl-namespaces.ts';
import { signatureExtension } from './signature-extension.ts';
import { appendCdata, child, serialize, xmlRoot, type XmlNode } from './xml/xml-node.ts';

/**
 * The AttachedDocument container DIAN's e-mail delivery uses (reference §6): the document XML and the authority's
 * ApplicationResponse, each as CDATA, between the issuer (sender) and the customer (receiver).
 */
export function attachedDocumentXml(context: RenderContext, documentXml: string, responseXml: string): string {
  const { document, validated, number, uniqueCode, family } = context;
  const view = commercialViewOf(document);
  const root = xmlRoot(UBL.attachedDocument, 'AttachedDocument', ublPrefixes(false));
  signatureExtension(child(root, 'ext:UBLExtensions'));
  child(root, 'cbc:UBLVersionID', 'UBL 2.1');
  child(root, 'cbc:CustomizationID', 'Documentos adjuntos');
  child(root, 'cbc:ProfileID', 'Factura Electrónica de Venta');
  child(root, 'cbc:ProfileExecutionID', context.environment);
  child(root, 'cbc:ID', `${validated.date}${validated.time.slice(0, 8)}`.replace(/\D/g, ''));
  child(root, 'cbc:IssueDate', validated.date);
  child(root, 'cbc:IssueTime', validated.time);
  child(root, 'cbc:DocumentType', 'Contenedor de Factura Electrónica');
  child(root, 'cbc:ParentDocumentID', number);
  taxScheme(child(root, 'cac:SenderParty'), view.supplier, false);
  taxScheme(child(root, 'cac:ReceiverParty'), view.customer, false);
  embedded(child(root, 'cac:Attachment'), documentXml);
  const line = child(root, 'cac:ParentDocumentLineReference');
  child(line, 'cbc:LineID', '1');
  const reference = child(line, 'cac:DocumentReference');
  child(reference, 'cbc:ID', number);
  child(reference, 'cbc:UUID', uniqueCode, { schemeName: `${family.uniqueCodeName.toUpperCase()}-SHA384` });
  child(reference, 'cbc:IssueDate', document.issueDate);
  child(reference, 'cbc:DocumentType', 'ApplicationResponse');
  embedded(child(reference, 'cac:Attachment'), responseXml);
  const verification = child(reference, 'cac:ResultOfVerification');
  child(verification, 'cbc:ValidatorID', DIAN_PARTY.registrationName);
  child(verification, 'cbc:ValidationResultCode', VALIDATION_RESULT.code);
  child(verification, 'cbc:ValidationDate', validated.date);
  child(verification, 'cbc:ValidationTime', validated.time);
  return serialize(root);
}

function embedded(attachment: XmlNode, xml: string): void {
  const reference = child(attachment, 'cac:ExternalReference');
  child(reference, 'cbc:MimeCode', 'text/xml');
  child(reference, 'cbc:EncodingCode', 'UTF-8');
  appendCdata(child(reference, 'cbc:Description'), xml);
}

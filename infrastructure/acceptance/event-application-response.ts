import type { OwnEvent } from '../../application/ports/event-xml-renderer.ts';
import type { SoftwareIdentity } from '../../application/ports/software-identity.ts';
import { CLAIM_CONCEPTS, REFERENCED_INVOICE_TYPE_CODE } from '../../domain/acceptance/acceptance-codes.ts';
import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';
import { colombiaDateTime } from '../../domain/shared/colombia-time.ts';
import { PRODUCTION, TESTING } from '../../domain/unique-codes/dian-environment.ts';
import { qrUrl } from '../../domain/unique-codes/qr.ts';
import { softwareSecurityCode } from '../../domain/unique-codes/software-security-code.ts';
import type { PartyView } from '../rendering/commercial/commercial-view.ts';
import { taxScheme } from '../rendering/ubl/parties.ts';
import { UBL, ublPrefixes } from '../rendering/ubl/ubl-namespaces.ts';
import { child, xmlRoot, type XmlNode } from '../rendering/xml/xml-node.ts';
import { eventDianExtensions, type SignatureSlot } from './event-dian-extensions.ts';
import { eventParties, personElement } from './event-parties.ts';

export const EVENT_PROFILE_ID = 'DIAN 2.1: ApplicationResponse de la Factura Electrónica de Venta';

/** The event's ApplicationResponse, and the empty extension its signature goes in (dropped if it stays empty). */
export interface EventDocument {
  root: XmlNode;
  signatureSlot: SignatureSlot;
}

/**
 * DIAN's ApplicationResponse for an acceptance event the company sends (reference §8; annex 1.9 §11.5), in the XSD's
 * element order. Everything comes from the recorded event and the invoice: the same event always gives the same tree.
 */
export function eventApplicationResponse(event: OwnEvent, software: SoftwareIdentity): EventDocument {
  const { invoice, record } = event;
  const environment = event.environment === 'live' ? PRODUCTION : TESTING;
  const { sender, receiver } = eventParties(event);
  const { date, time } = colombiaDateTime(new Date(record.effectiveAt));
  const root = xmlRoot(UBL.applicationResponse, 'ApplicationResponse', ublPrefixes(true));
  const signatureSlot = eventDianExtensions(root, {
    provider: sender,
    software,
    securityCode: softwareSecurityCode({ softwareId: software.id, softwarePin: software.pin, documentNumber: record.number }),
    qrUrl: qrUrl(record.uniqueCode, environment),
  });
  child(root, 'cbc:UBLVersionID', 'UBL 2.1');
  child(root, 'cbc:CustomizationID', '1');
  child(root, 'cbc:ProfileID', EVENT_PROFILE_ID);
  child(root, 'cbc:ProfileExecutionID', environment);
  child(root, 'cbc:ID', record.number);
  child(root, 'cbc:UUID', record.uniqueCode, { schemeID: environment, schemeName: 'CUDE-SHA384' });
  child(root, 'cbc:IssueDate', date);
  child(root, 'cbc:IssueTime', time);
  if (record.code === '034') child(root, 'cbc:Note', tacitAcceptanceStatement(event, receiver));
  taxScheme(child(root, 'cac:SenderParty'), sender, false);
  taxScheme(child(root, 'cac:ReceiverParty'), receiver, false);
  const response = child(root, 'cac:DocumentResponse');
  responseElement(child(response, 'cac:Response'), record);
  const reference = child(response, 'cac:DocumentReference');
  child(reference, 'cbc:ID', invoice.number ?? '');
  child(reference, 'cbc:UUID', invoice.uniqueCode ?? '', { schemeName: 'CUFE-SHA384' });
  child(reference, 'cbc:DocumentTypeCode', REFERENCED_INVOICE_TYPE_CODE);
  if (record.actor.person) personElement(response, record.actor.person);
  return { root, signatureSlot };
}

/** ResponseCode and its description; a claim (031) names its concept in listID and name. */
function responseElement(parent: XmlNode, record: AcceptanceRecord): void {
  const concept = record.code === '031' && record.claimConcept ? record.claimConcept : undefined;
  child(parent, 'cbc:ResponseCode', record.code, concept ? { listID: concept, name: CLAIM_CONCEPTS.get(concept) ?? concept } : {});
  child(parent, 'cbc:Description', record.name);
}

/** The issuer's sworn statement that the three business days after 032 passed with no claim nor acceptance. */
function tacitAcceptanceStatement({ invoice, trail }: OwnEvent, customer: PartyView): string {
  const goods = trail.records.find((candidate) => candidate.code === '032');
  const receipt = goods ? ` (evento 032 con CUDE ${goods.uniqueCode})` : '';
  return (
    `Manifiesto bajo la gravedad de juramento que transcurridos 3 días hábiles contados desde el recibo del bien y/o ` +
    `prestación del servicio${receipt} de la factura electrónica de venta ${invoice.number}, el adquirente ` +
    `${customer.registrationName} identificado con documento ${customer.identification} no manifestó expresamente la ` +
    'aceptación o rechazo de la referida factura, ni reclamó en contra de su contenido.'
  );
}

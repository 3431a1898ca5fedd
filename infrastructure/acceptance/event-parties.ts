import type { OwnEvent } from '../../application/ports/event-xml-renderer.ts';
import type { EventPerson } from '../../domain/acceptance/acceptance-record.ts';
import { asFamily } from '../../domain/documents/document-of-family.ts';
import { nitCheckDigit } from '../../domain/shared/nit-check-digit.ts';
import type { PartyView } from '../rendering/commercial/commercial-view.ts';
import { customerParty, issuerParty } from '../rendering/commercial/party-views.ts';
import { NIT_DOCUMENT_TYPE } from '../rendering/dian-constants.ts';
import { child, type XmlNode } from '../rendering/xml/xml-node.ts';

/** Who sends the event (CUDE NitFE) and who it is addressed to (CUDE DocAdq). */
export interface EventParties {
  sender: PartyView;
  receiver: PartyView;
}

/**
 * The receiver of the invoice (030–033) writes to its issuer; the issuer (034) writes to its customer. The customer is
 * described as the invoice recorded it, named as the event recorded its sender; the issuer as the invoice recorded it.
 */
export function eventParties({ invoice, record }: OwnEvent): EventParties {
  const document = asFamily(invoice, 'sales-invoice');
  if (!document.issuer || !document.body.customer) throw new Error(`invoice ${document.id} has no issuer or customer to answer`);
  const issuer = issuerParty(document.issuer);
  const customer = customerParty(document.body.customer);
  if (record.actor.role === 'issuer') return { sender: issuer, receiver: customer };
  return { sender: { ...customer, identification: record.actor.nit, registrationName: record.actor.name }, receiver: issuer };
}

/** cac:Person: the natural person who acted for the sender (the provider's event body). */
export function personElement(parent: XmlNode, person: EventPerson): void {
  const node = child(child(parent, 'cac:IssuerParty'), 'cac:Person');
  const isNit = person.identification_document_code === NIT_DOCUMENT_TYPE;
  child(node, 'cbc:ID', person.identification, {
    ...(isNit && { schemeID: nitCheckDigit(person.identification) }),
    schemeName: person.identification_document_code,
  });
  child(node, 'cbc:FirstName', person.first_name);
  child(node, 'cbc:FamilyName', person.last_name);
  if (person.job_title) child(node, 'cbc:JobTitle', person.job_title);
  if (person.organization_department) child(node, 'cbc:OrganizationDepartment', person.organization_department);
}

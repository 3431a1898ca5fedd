import { DIAN_AGENCY } from '../dian-constants.ts';
import type { AddressView, PartyView } from '../commercial/commercial-view.ts';
import { child, type XmlNode } from '../xml/xml-node.ts';

type PartyRole = 'cac:AccountingSupplierParty' | 'cac:AccountingCustomerParty';

/**
 * A supplier or customer party in DIAN's profile: activities, identification, name, location, tax scheme, legal entity
 * (with the commercial registration under the prefix of the range that numbers the document), contact.
 */
export function partyElement(parent: XmlNode, role: PartyRole, party: PartyView, rangePrefix?: string): void {
  const wrapper = child(parent, role);
  if (party.organization) child(wrapper, 'cbc:AdditionalAccountID', party.organization);
  const node = child(wrapper, 'cac:Party');
  if (party.industryCodes?.length) child(node, 'cbc:IndustryClassificationCode', party.industryCodes.join(';'));
  if (role === 'cac:AccountingCustomerParty') {
    child(child(node, 'cac:PartyIdentification'), 'cbc:ID', party.identification, identificationAttributes(party, false));
  }
  if (party.tradeName) child(child(node, 'cac:PartyName'), 'cbc:Name', party.tradeName);
  address(child(node, 'cac:PhysicalLocation'), 'cac:Address', party.address);
  taxScheme(node, party);
  const legal = child(node, 'cac:PartyLegalEntity');
  child(legal, 'cbc:RegistrationName', party.registrationName);
  child(legal, 'cbc:CompanyID', party.identification, identificationAttributes(party, true));
  if (party.registrationNumber) {
    const scheme = child(legal, 'cac:CorporateRegistrationScheme');
    if (rangePrefix) child(scheme, 'cbc:ID', rangePrefix);
    child(scheme, 'cbc:Name', party.registrationNumber);
  }
  if (party.phone || party.email) {
    const contact = child(node, 'cac:Contact');
    if (party.phone) child(contact, 'cbc:Telephone', party.phone);
    if (party.email) child(contact, 'cbc:ElectronicMail', party.email);
  }
}

/** PartyTaxScheme: registration name, identification, responsibilities, address and tribute (also used by containers). */
export function taxScheme(parent: XmlNode, party: PartyView, withAddress = true): void {
  const node = child(parent, 'cac:PartyTaxScheme');
  child(node, 'cbc:RegistrationName', party.registrationName);
  child(node, 'cbc:CompanyID', party.identification, identificationAttributes(party, true));
  if (party.taxLevelCodes.length > 0) child(node, 'cbc:TaxLevelCode', party.taxLevelCodes.join(';'), { listName: '48' });
  if (withAddress) address(node, 'cac:RegistrationAddress', party.address);
  const scheme = child(node, 'cac:TaxScheme');
  child(scheme, 'cbc:ID', party.taxScheme.id);
  child(scheme, 'cbc:Name', party.taxScheme.name);
}

/** The DV travels in schemeID only for a NIT; schemeName is the document type. */
function identificationAttributes(party: PartyView, withAgency: boolean): Record<string, string> {
  return {
    ...(withAgency && DIAN_AGENCY),
    ...(party.dv !== undefined && { schemeID: party.dv }),
    schemeName: party.documentType,
  };
}

function address(parent: XmlNode, name: string, view: AddressView): void {
  const node = child(parent, name);
  if (view.municipalityCode) child(node, 'cbc:ID', view.municipalityCode);
  if (view.cityName) child(node, 'cbc:CityName', view.cityName);
  if (view.postalZone) child(node, 'cbc:PostalZone', view.postalZone);
  if (view.departmentName) child(node, 'cbc:CountrySubentity', view.departmentName);
  if (view.departmentCode) child(node, 'cbc:CountrySubentityCode', view.departmentCode);
  if (view.line) child(child(node, 'cac:AddressLine'), 'cbc:Line', view.line);
  const country = child(node, 'cac:Country');
  child(country, 'cbc:IdentificationCode', view.countryCode);
  child(country, 'cbc:Name', view.countryName, { languageID: 'es' });
}

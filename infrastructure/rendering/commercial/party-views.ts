import { CUSTOMER_TRIBUTES } from '../../../domain/catalogs/customer-tributes.ts';
import type { Issuer } from '../../../domain/documents/issuer.ts';
import type { SalesInvoiceCustomer } from '../../../domain/sales-invoice/sales-invoice-body.ts';
import { nitCheckDigit } from '../../../domain/shared/nit-check-digit.ts';
import type { SupportDocumentProvider } from '../../../domain/support-document/support-document-body.ts';
import { NIT_DOCUMENT_TYPE } from '../dian-constants.ts';
import { renderedIssuer } from '../issuer-profile.ts';
import { addressView } from './address-view.ts';
import type { PartyView } from './commercial-view.ts';

const NOT_APPLICABLE = { id: 'ZZ', name: 'No aplica' };
const NO_RESPONSIBILITIES = ['R-99-PN'];

/** The issuing company, from the profile its document recorded (see renderedIssuer for gaps and older documents). */
export function issuerParty(issuer: Issuer): PartyView {
  const profile = renderedIssuer(issuer);
  return {
    organization: profile.legalOrganization,
    documentType: NIT_DOCUMENT_TYPE,
    identification: issuer.nit,
    dv: issuer.dv,
    registrationName: issuer.legal_name,
    tradeName: issuer.trade_name,
    taxLevelCodes: profile.taxLevelCodes,
    taxScheme: profile.taxScheme,
    address: addressView(profile.countryCode, profile.municipalityCode, profile.address, profile.postalCode),
    ...(profile.email && { email: profile.email }),
    ...(profile.phone && { phone: profile.phone }),
    ...(profile.industryCodes.length > 0 && { industryCodes: profile.industryCodes }),
    ...(profile.registration && { registrationNumber: profile.registration }),
  };
}

export function customerParty(customer: SalesInvoiceCustomer): PartyView {
  const tribute = customer.tribute_code ?? NOT_APPLICABLE.id;
  return {
    organization: customer.legal_organization,
    ...identification(customer.identification_document_code, customer.identification, customer.dv),
    registrationName: customer.company ?? customer.names ?? customer.trade_name ?? '',
    tradeName: customer.trade_name,
    taxLevelCodes: customer.responsibilities ?? NO_RESPONSIBILITIES,
    taxScheme: { id: tribute, name: CUSTOMER_TRIBUTES.get(tribute) ?? tribute },
    address: addressView(customer.country_code ?? 'CO', customer.municipality_code, customer.address),
    email: customer.email,
    phone: customer.phone,
  };
}

/** The seller of a support document: not obliged to invoice, so no responsibilities and no tribute. */
export function providerParty(provider: SupportDocumentProvider): PartyView {
  return {
    organization: provider.legal_organization,
    ...identification(provider.identification_document_code, provider.identification, provider.dv),
    registrationName: provider.names,
    tradeName: provider.trade_name,
    taxLevelCodes: NO_RESPONSIBILITIES,
    taxScheme: NOT_APPLICABLE,
    address: addressView(provider.country_code ?? 'CO', provider.municipality_code, provider.address),
    email: provider.email,
    phone: provider.phone,
  };
}

function identification(documentType: string, number: string, dv: string | undefined) {
  const isNit = documentType === NIT_DOCUMENT_TYPE;
  return { documentType, identification: number, ...(isNit && { dv: dv ?? nitCheckDigit(number) }) };
}

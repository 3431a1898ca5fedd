import type { SoftwareIdentity } from '../../application/ports/software-identity.ts';
import type { PartyView } from '../rendering/commercial/commercial-view.ts';
import { DIAN, DIAN_AGENCY, NIT_DOCUMENT_TYPE } from '../rendering/dian-constants.ts';
import { child, type XmlNode } from '../rendering/xml/xml-node.ts';

const UNECE = {
  listAgencyID: '6',
  listAgencyName: 'United Nations Economic Commission for Europe',
  listSchemeURI: 'urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1',
};

interface EventExtensions {
  /** The sender, its own software provider. */
  provider: PartyView;
  software: SoftwareIdentity;
  securityCode: string;
  /** DIAN's lookup URL of the event's CUDE. */
  qrUrl: string;
}

/** The second UBLExtension, whose ExtensionContent the signature fills, and the UBLExtensions holding it. */
export interface SignatureSlot {
  extensions: XmlNode;
  extension: XmlNode;
}

/**
 * ext:UBLExtensions of an event (reference dian-signature §2): [1] sts:DianExtensions (source country, software
 * provider and software, security code, DIAN as authorization provider, QR link), [2] an empty ExtensionContent that
 * the signer fills with ds:Signature.
 */
export function eventDianExtensions(root: XmlNode, { provider, software, securityCode, qrUrl }: EventExtensions): SignatureSlot {
  const extensions = child(root, 'ext:UBLExtensions');
  const dian = child(child(child(extensions, 'ext:UBLExtension'), 'ext:ExtensionContent'), 'sts:DianExtensions');
  child(child(dian, 'sts:InvoiceSource'), 'cbc:IdentificationCode', 'CO', UNECE);
  const softwareProvider = child(dian, 'sts:SoftwareProvider');
  child(softwareProvider, 'sts:ProviderID', provider.identification, {
    ...DIAN_AGENCY,
    ...(provider.dv !== undefined && { schemeID: provider.dv }),
    schemeName: provider.documentType,
  });
  child(softwareProvider, 'sts:SoftwareID', software.id, DIAN_AGENCY);
  child(dian, 'sts:SoftwareSecurityCode', securityCode, DIAN_AGENCY);
  child(child(dian, 'sts:AuthorizationProvider'), 'sts:AuthorizationProviderID', DIAN.nit, { ...DIAN_AGENCY, schemeID: DIAN.dv, schemeName: NIT_DOCUMENT_TYPE });
  child(dian, 'sts:QRCode', qrUrl);
  const extension = child(extensions, 'ext:UBLExtension');
  child(extension, 'ext:ExtensionContent');
  return { extensions, extension };
}
